import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PlanFeaturesPatch } from '../../../shared/staff';
import type { AppDeps } from '../../context';
import { staffRoutes } from '../../net/staff-routes';
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
  const staff = staffRoutes(app, { tags: ['plan-features'], deps, writes: 'organisation:manage' });
  staff.get(
    '/api/staff/plan-features',
    { summary: 'Plan features of the organisation', response: { 200: EffectivePlanFeatures } },
    (ctx) => getPlanFeatures({ ctx }),
  );
  staff.patch(
    '/api/staff/plan-features',
    {
      summary: 'Switches plan features of the organisation (statuspage:edit), with an audit row',
      body: PlanFeaturesPatch,
      response: { 200: EffectivePlanFeatures },
    },
    (ctx, { body }) => updatePlanFeatures({ ctx, input: body }),
  );
};
