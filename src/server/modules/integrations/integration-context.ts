import { cardMessages } from '../../../shared/cards';
import { AppError } from '../../../shared/errors';
import { integrationsAllowed } from '../../../shared/integrations';
import type { Context } from '../../context';
import type { Viewer } from '../../policy/viewer';
import type { IntegrationClients } from './integration-clients';

export type IntegrationContext = Context & {
  clients: IntegrationClients;
  /** Unrecognised failures are reported (spec 2 §8 UNKNOWN) without reaching the visitor. */
  report(message: string, details: Record<string, unknown>): void;
};

/** Spec 2 §6: bug bounty and status page need the Growth plan. */
export function assertIntegrationsAllowed(viewer: Viewer): void {
  if (!integrationsAllowed(viewer.organisation.planFeatures)) {
    throw new AppError('forbidden', cardMessages.upgradePlan);
  }
}
