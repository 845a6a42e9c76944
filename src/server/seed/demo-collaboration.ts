import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  accountMembers,
  accounts,
  itemComments,
  items,
  organisations,
  questionnaireSubmissions,
  tprmPartners,
} from '../db/schema';
import { type DemoCalendar, dated, demoCalendar } from './demo-calendar';

const hourMs = 60 * 60 * 1000;

/**
 * Collaboration in the demo: comments, questionnaires and TPRM turned on, two TPRM partners, a short
 * conversation between Globex and staff on a public item, and a questionnaire link waiting for review.
 * Called once inside seedDemoOrganisation's transaction, after the access seed (it needs Globex).
 */
export async function seedDemoCollaboration(
  db: Database,
  input: { organisationId: string; payrollProductId: string; adminId: string; calendar?: DemoCalendar },
) {
  const { organisationId, payrollProductId, adminId } = input;
  const calendar = input.calendar ?? demoCalendar();
  const flags = { commentsEnabled: true, questionnairesEnabled: true, partnerImportEnabled: true };
  await db
    .update(organisations)
    .set({ customisation: sql`${organisations.customisation} || ${JSON.stringify(flags)}::jsonb` })
    .where(eq(organisations.id, organisationId));
  await db.insert(tprmPartners).values([
    {
      organisationId,
      name: 'RiskLedger',
      domain: 'riskledger.example',
      instructionsUrl: 'https://riskledger.example/docs/import-attest',
    },
    {
      organisationId,
      name: 'VendorScope',
      domain: 'vendorscope.example',
      instructionsUrl: 'https://vendorscope.example/help/trust-center-import',
    },
  ]);
  const [globex] = await db
    .select({ accountId: accounts.id, memberId: accountMembers.id })
    .from(accounts)
    .innerJoin(accountMembers, eq(accountMembers.accountId, accounts.id))
    .where(
      and(
        eq(accounts.organisationId, organisationId),
        eq(accountMembers.email, 'hank.scorpio@globex.example'),
      ),
    )
    .limit(1);
  const [item] = await db
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        eq(items.productId, payrollProductId),
        eq(items.isPublic, true),
        eq(items.enabledState, 'Enabled'),
        eq(items.cardKind, 'DataSecurity'),
      ),
    )
    .orderBy(asc(items.createdAt))
    .limit(1);
  if (!globex || !item) return;
  const now = calendar.seededAt.getTime();
  const thread = {
    organisationId,
    productId: payrollProductId,
    itemId: item.id,
    accountId: globex.accountId,
  };
  await db.insert(itemComments).values([
    {
      ...thread,
      authorKind: 'member',
      authorAccountMemberId: globex.memberId,
      content: 'Which key management service do you use, and who can access the keys?',
      createdAt: new Date(now - 26 * hourMs),
    },
    {
      ...thread,
      authorKind: 'staff',
      authorStaffUserId: adminId,
      content:
        'Keys live in AWS KMS and rotate automatically every year. Only our services use them; changing a key policy needs two people from the platform security team, and every use is logged.',
      createdAt: new Date(now - 25 * hourMs),
    },
    {
      ...thread,
      authorKind: 'member',
      authorAccountMemberId: globex.memberId,
      content: 'Thanks! Can we bring our own key?',
      createdAt: new Date(now - 2 * hourMs),
    },
  ]);
  await db.insert(questionnaireSubmissions).values({
    organisationId,
    accountId: globex.accountId,
    accountMemberId: globex.memberId,
    kind: 'link',
    link: dated('https://forms.globex.example/vendor-review/{thisYear}', calendar),
    createdAt: new Date(now - 5 * hourMs),
  });
}
