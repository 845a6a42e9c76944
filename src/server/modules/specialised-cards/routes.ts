import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CardView } from '../../../shared/cards';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import {
  Company,
  OverviewInput,
  RiskProfileInput,
  SecurityGradeEntry,
  SecurityGradeInput,
  Subprocessor,
  SubprocessorInput,
  TrustedByInput,
} from '../../../shared/specialised-cards';
import { type AppDeps, verbContext } from '../../context';
import { findProductOfOrganisation } from '../cards/queries';
import { assertCanEdit } from '../cards/staff-writes';
import { listSubprocessors } from './queries';
import { saveOverview } from './save-overview';
import { saveRiskProfile } from './save-risk-profile';
import { saveSecurityGrade } from './save-security-grade';
import { saveTrustedBy } from './save-trusted-by';
import { searchCompanies } from './search-companies';
import { toSubprocessor } from './serialise';
import { createSubprocessor, deleteSubprocessor, updateSubprocessor } from './subprocessor-writes';

const productParams = z.object({ productId: z.string().uuid() });
const staffRoute = { viewer: 'staff' as const };
const tags = ['specialised-cards'];
const SubprocessorChange = z.object({
  subprocessor: Subprocessor.nullable(),
  added: z.array(z.string()),
  removed: z.array(z.string()),
});
const KnownCompany = z.object({
  companyId: z.string(),
  name: z.string(),
  domain: z.string(),
  color: z.string(),
});

/** Staff edits of the specialised cards (spec 2 §3, §5); every write needs statuspage:edit. */
export const specialisedCardRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const base = '/api/trust-center/products/:productId';

  app.put(
    `${base}/risk-profile`,
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Answers to the risk profile questions',
        params: productParams,
        body: RiskProfileInput,
        response: { 200: CardView },
      },
    },
    (request) => saveRiskProfile({ ctx: verbContext(deps, request), input: { ...request.params, ...request.body } }),
  );

  app.put(
    `${base}/security-grades/:itemUid`,
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'A security grade entry of a provider',
        params: productParams.extend({ itemUid: z.string().uuid() }),
        body: SecurityGradeInput,
        response: { 200: SecurityGradeEntry },
      },
    },
    (request) => saveSecurityGrade({ ctx: verbContext(deps, request), input: { ...request.params, ...request.body } }),
  );

  app.put(
    `${base}/trusted-by`,
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'The trusted-by companies in display order',
        params: productParams,
        body: TrustedByInput,
        response: { 200: z.object({ companies: z.array(Company) }) },
      },
    },
    (request) => saveTrustedBy({ ctx: verbContext(deps, request), input: { ...request.params, ...request.body } }),
  );

  app.put(
    `${base}/overview`,
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'The overview card text',
        params: productParams,
        body: OverviewInput,
        response: { 200: z.object({ body: z.string() }) },
      },
    },
    (request) => saveOverview({ ctx: verbContext(deps, request), input: { ...request.params, ...request.body } }),
  );

  app.get(
    `${base}/subprocessors`,
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Every subprocessor of the product (no pagination)',
        params: productParams,
        response: { 200: z.object({ subprocessors: z.array(Subprocessor) }) },
      },
    },
    async (request) => {
      const ctx = verbContext(deps, request);
      assertCanEdit(ctx.viewer);
      const product = await findProductOfOrganisation(
        ctx.db,
        ctx.viewer.organisation.id,
        request.params.productId,
      );
      if (!product) throw new AppError('product_not_found', messages.productNotFound);
      return { subprocessors: (await listSubprocessors(ctx.db, product.id)).map(toSubprocessor) };
    },
  );

  app.post(
    `${base}/subprocessors`,
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Adds a subprocessor',
        params: productParams,
        body: SubprocessorInput,
        response: { 200: SubprocessorChange },
      },
    },
    (request) =>
      createSubprocessor({ ctx: verbContext(deps, request), input: { ...request.params, body: request.body } }),
  );

  app.patch(
    `${base}/subprocessors/:id`,
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Edits a subprocessor',
        params: productParams.extend({ id: z.string().uuid() }),
        body: SubprocessorInput,
        response: { 200: SubprocessorChange },
      },
    },
    (request) =>
      updateSubprocessor({ ctx: verbContext(deps, request), input: { ...request.params, body: request.body } }),
  );

  app.delete(
    `${base}/subprocessors/:id`,
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Deletes a subprocessor',
        params: productParams.extend({ id: z.string().uuid() }),
        response: { 200: SubprocessorChange },
      },
    },
    (request) => deleteSubprocessor({ ctx: verbContext(deps, request), input: request.params }),
  );

  app.get(
    '/api/companies',
    {
      config: staffRoute,
      schema: {
        tags,
        summary: 'Company picker search over the built-in companies',
        querystring: z.object({ text: z.string().max(200).default('') }),
        response: { 200: z.object({ companies: z.array(KnownCompany) }) },
      },
    },
    (request) => searchCompanies({ ctx: verbContext(deps, request), input: request.query }),
  );
};
