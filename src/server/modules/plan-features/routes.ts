import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PlanFeaturesPatch } from '../../../shared/staff';
import type { AppDeps } from '../../context';
import { requireViewer } from '../../plugins/viewer';
import { getPlanFeatures, updatePlanFeatures } from './update-plan-features';

const EffectivePlanFeatures = z.object({
  replaceIcons: z.boolean(),
  cardTitleRenaming: z.boolean(),
  sectionCustomization: z.boolean(),
  restrictedFiles: z.boolean(),
  trustCenterAi: z.boolean(),
  integrations: z.boolean(),
  bridgeLetters: z.boolean(),
});

/** Plan features of the signed-in staff member's organisation (self-hosted: staff decide). */
export const planFeatureRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const context = (request: FastifyRequest) => ({ db: deps.database.db, viewer: requireViewer(request) });
  const tags = ['plan-features'];
  app.get(
    '/api/staff/plan-features',
    {
      config: { viewer: 'staff' },
      schema: {
        tags,
        summary: 'Plan features of the organisation',
        response: { 200: EffectivePlanFeatures },
      },
    },
    async (request) => getPlanFeatures({ ctx: context(request) }),
  );
  app.patch(
    '/api/staff/plan-features',
    {
      config: { viewer: 'staff' },
      schema: {
        tags,
        summary: 'Switches plan features of the organisation (statuspage:edit), with an audit row',
        body: PlanFeaturesPatch,
        response: { 200: EffectivePlanFeatures },
      },
    },
    async (request) => updatePlanFeatures({ ctx: context(request), input: request.body }),
  );
};
