import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CardView } from '../../../shared/cards';
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
import type { AppDeps } from '../../context';
import { staffRoutes } from '../../net/staff-routes';
import { listProductSubprocessors } from './list-subprocessors';
import { saveOverview } from './save-overview';
import { saveRiskProfile } from './save-risk-profile';
import { saveSecurityGrade } from './save-security-grade';
import { saveTrustedBy } from './save-trusted-by';
import { searchCompanies } from './search-companies';
import { createSubprocessor, deleteSubprocessor, updateSubprocessor } from './subprocessor-writes';

const productParams = z.object({ productId: z.string().uuid() });
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
  const staff = staffRoutes(app, { tags, deps, writes: 'statuspage:edit' });
  const base = '/api/trust-center/products/:productId';

  staff.put(
    `${base}/risk-profile`,
    {
      summary: 'Answers to the risk profile questions',
      params: productParams,
      body: RiskProfileInput,
      response: { 200: CardView },
    },
    (ctx, request) => saveRiskProfile({ ctx, input: { ...request.params, ...request.body } }),
  );

  staff.put(
    `${base}/security-grades/:itemUid`,
    {
      summary: 'A security grade entry of a provider',
      params: productParams.extend({ itemUid: z.string().uuid() }),
      body: SecurityGradeInput,
      response: { 200: SecurityGradeEntry },
    },
    (ctx, request) => saveSecurityGrade({ ctx, input: { ...request.params, ...request.body } }),
  );

  staff.put(
    `${base}/trusted-by`,
    {
      summary: 'The trusted-by companies in display order',
      params: productParams,
      body: TrustedByInput,
      response: { 200: z.object({ companies: z.array(Company) }) },
    },
    (ctx, request) => saveTrustedBy({ ctx, input: { ...request.params, ...request.body } }),
  );

  staff.put(
    `${base}/overview`,
    {
      summary: 'The overview card text',
      params: productParams,
      body: OverviewInput,
      response: { 200: z.object({ body: z.string() }) },
    },
    (ctx, request) => saveOverview({ ctx, input: { ...request.params, ...request.body } }),
  );

  staff.get(
    `${base}/subprocessors`,
    {
      summary: 'Every subprocessor of the product (no pagination)',
      params: productParams,
      response: { 200: z.object({ subprocessors: z.array(Subprocessor) }) },
    },
    (ctx, { params }) => listProductSubprocessors({ ctx, input: params }),
    { needs: 'statuspage:edit' },
  );

  staff.post(
    `${base}/subprocessors`,
    {
      summary: 'Adds a subprocessor',
      params: productParams,
      body: SubprocessorInput,
      response: { 200: SubprocessorChange },
    },
    (ctx, request) =>
      createSubprocessor({
        ctx,
        input: { ...request.params, body: request.body },
      }),
  );

  staff.patch(
    `${base}/subprocessors/:id`,
    {
      summary: 'Edits a subprocessor',
      params: productParams.extend({ id: z.string().uuid() }),
      body: SubprocessorInput,
      response: { 200: SubprocessorChange },
    },
    (ctx, request) =>
      updateSubprocessor({
        ctx,
        input: { ...request.params, body: request.body },
      }),
  );

  staff.delete(
    `${base}/subprocessors/:id`,
    {
      summary: 'Deletes a subprocessor',
      params: productParams.extend({ id: z.string().uuid() }),
      response: { 200: SubprocessorChange },
    },
    (ctx, request) => deleteSubprocessor({ ctx, input: request.params }),
  );

  staff.get(
    '/api/companies',
    {
      summary: 'Company picker search over the built-in companies',
      querystring: z.object({ text: z.string().max(200).default('') }),
      response: { 200: z.object({ companies: z.array(KnownCompany) }) },
    },
    (ctx, request) => searchCompanies({ ctx, input: request.query }),
    { needs: 'statuspage:edit' },
  );
};
