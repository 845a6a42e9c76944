import type { IntegrationsConfig } from '../../config';
import type { FetchSettings } from './fetch-json';
import { createHackerOneClient } from './hackerone-client';
import { LiveCache } from './live-cache';
import { createScorecardClient } from './scorecard-client';
import { createStatuspageClient } from './statuspage-client';

/** The clients and their cache, one set per app (per node). */
export function createIntegrationClients(config: IntegrationsConfig, settings: FetchSettings = {}) {
  return {
    hackerone: createHackerOneClient(config, settings),
    statuspage: createStatuspageClient(config, settings),
    scorecard: createScorecardClient(config, settings),
    cache: new LiveCache(),
  };
}

export type IntegrationClients = ReturnType<typeof createIntegrationClients>;
