import type { HackerOneData, StatuspageData } from '../../../shared/specialised-cards';
import type { ProgramStatistics } from './hackerone-client';
import type { IntegrationClients } from './integration-clients';
import { type LiveResult, liveKey } from './live-cache';
import type { ConnectionRow } from './queries';
import type { StatusSummary } from './statuspage-client';

/** Live program statistics of a connection, from this node's cache or one call. */
export function liveProgramStatistics(
  clients: IntegrationClients,
  connection: ConnectionRow,
): Promise<LiveResult<ProgramStatistics>> {
  return clients.cache.get(liveKey(connection.organisationId, connection.id), async () => {
    const result = await clients.hackerone.programStatistics(connection.externalId);
    return result.ok ? result : { ok: false, reason: result.reason };
  });
}

export function liveStatusSummary(
  clients: IntegrationClients,
  connection: ConnectionRow,
): Promise<LiveResult<StatusSummary>> {
  return clients.cache.get(liveKey(connection.organisationId, connection.id), async () => {
    const result = await clients.statuspage.summary(connection.externalId);
    return result.ok ? result : { ok: false, reason: result.reason };
  });
}

export function toHackerOneData(statistics: ProgramStatistics, allowed: boolean): HackerOneData {
  return {
    allowed,
    enabled: true,
    programStatistics: {
      reportsResolved: statistics.reportsResolved,
      lastReportedResolved: statistics.lastReportedResolved,
    },
    responseEfficiency: {
      averageTimeToFirstResponse: statistics.averageTimeToFirstResponse,
      averageTimeToTriage: statistics.averageTimeToTriage,
      averageBounty: statistics.averageBounty,
    },
  };
}

export function toStatuspageData(
  summary: StatusSummary,
  connection: ConnectionRow,
  allowed: boolean,
): StatuspageData {
  return { allowed, showInCard: connection.showInCard, ...summary };
}
