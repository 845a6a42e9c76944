import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from './config';
import { projectRoot } from './project-root';

type Service = {
  image?: string;
  build?: unknown;
  init?: boolean;
  stop_grace_period?: string;
  profiles?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
};

// Compose reads YAML merge keys (<<: *app); the yaml package needs them asked for.
const compose = parse(readFileSync(path.join(projectRoot, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const seconds = (duration: string) => {
  const match = /^(\d+)(s|m)$/.exec(duration);
  if (!match) throw new Error(`unreadable duration ${duration}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
};

describe('compose.yaml (scaled mode)', () => {
  it('is valid YAML whose services all use pinned images or this repository', () => {
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['app1', 'app2', 'staff-create', 'postgres', 'redis', 'minio', 'mailpit']),
    );
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.build) continue;
      // A tag that names a version (with a dot: 17.6, v1.22.3, RELEASE.2025-…): not latest, not a moving major.
      expect(service.image, name).toMatch(/:(?!latest$)(?=[^:/]*\.)[\w.-]+$/);
    }
  });

  it('stops app nodes the way the server drains, with an init process, and creates the first staff user', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://trust.example',
      SMTP_URL: 'smtp://127.0.0.1:25',
    });
    const needed = config.shutdownDrainSeconds + config.shutdownGraceSeconds + 5;
    for (const name of ['app1', 'app2']) {
      const service = compose.services[name]!;
      expect(service.init, name).toBe(true);
      expect(seconds(service.stop_grace_period ?? '10s'), name).toBeGreaterThanOrEqual(needed);
      expect(service.environment?.SEED_DEMO).toBe('never');
    }
    const setup = compose.services['staff-create']!;
    expect(setup.profiles).toEqual(['setup']);
    expect(setup.entrypoint).toEqual(['node', 'scripts/start.mjs', 'create-staff-user']);
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(path.join(projectRoot, 'Dockerfile'), 'utf8');

  it("checks health on the image's HEALTH_PORT, which the server accepts", () => {
    const runtimeEnv = dockerfile
      .split('FROM node:24-bookworm-slim AS runtime')[1]!
      .match(/^ENV (.+)$/m)![1]!
      .split(' ')
      .map((pair) => pair.split('=') as [string, string]);
    const config = loadConfig({ ...Object.fromEntries(runtimeEnv), SMTP_URL: 'smtp://mail.example:587' });
    expect(config.healthPort).toBe(3001);
    expect(config.port).toBe(3000);
    expect(dockerfile).toMatch(/^EXPOSE 3000 3001$/m);
    expect(dockerfile).toContain(
      "fetch('http://127.0.0.1:'+(process.env.HEALTH_PORT||process.env.PORT)+'/readyz')",
    );
  });
});
