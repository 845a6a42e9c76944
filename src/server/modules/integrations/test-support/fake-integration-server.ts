import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One local HTTP server speaking the three services' documented shapes, for tests: HackerOne's
 * `/hackers/programs/{handle}`, Statuspage's `/{page}/api/v2/summary.json`, SecurityScorecard's
 * `/companies/{domain}`. Names pick the answer: `missing` 404, `broken` 500, `garbage` not JSON,
 * `slow` never answers.
 */
export async function startFakeIntegrationServer() {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    requests.push(path);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const special = path.match(/\/(missing|broken|garbage|slow)(?:[/.]|$)/)?.[1];
    if (special === 'slow') return;
    if (special === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' });
      return void response.end('<html>definitely not json');
    }
    if (special === 'broken') return json(500, { errors: [{ title: 'Internal error' }] });
    if (special === 'missing') return json(404, { errors: [{ status: 404, title: 'Not Found' }] });

    const program = path.match(/^\/hackers\/programs\/([^/]+)$/);
    if (program) {
      return json(200, {
        id: '1337',
        type: 'program',
        attributes: {
          handle: program[1],
          name: 'Acme',
          state: 'public_mode',
          submission_state: 'open',
          offers_bounties: true,
          resolved_report_count: 248,
          last_report_resolved_at: '2025-05-02T10:00:00.000Z',
          average_time_to_first_program_response: 5.2,
          average_time_to_report_triage: 30,
          average_bounty_lower_amount: 750,
        },
      });
    }
    const summary = path.match(/^\/([a-z-]+)\/api\/v2\/summary\.json$/);
    if (summary) {
      const page = summary[1]!;
      const indicator = ['minor', 'major', 'critical', 'maintenance'].find((name) => page === name) ?? 'none';
      return json(200, {
        page: {
          id: 'kctbh9vrtdwd',
          name: page,
          url: `https://${page}.statuspage.io`,
          updated_at: '2025-05-02T10:00:00Z',
        },
        status: {
          indicator,
          description: indicator === 'none' ? 'All Systems Operational' : `Status ${indicator}`,
        },
        components: [
          { id: 'c1', name: 'API', status: page === 'quiet' ? 'operational' : 'degraded_performance' },
        ],
        incidents: [],
        scheduled_maintenances:
          page === 'planned' ? [{ id: 'm1', name: 'Database upgrade', status: 'in_progress' }] : [],
      });
    }
    const company = path.match(/^\/companies\/([^/]+)$/);
    if (company) {
      if (company[1] === 'unscored.com')
        return json(200, { domain: 'unscored.com', name: 'Unscored', grade: null });
      return json(200, { domain: company[1], name: 'Acme', grade: 'B', score: 85 });
    }
    json(404, { error: 'no such route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
