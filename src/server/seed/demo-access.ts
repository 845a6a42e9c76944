import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  accessDomainRules,
  accessRequests,
  accessSettings,
  accountMembers,
  accounts,
  items,
  ndaAcceptances,
  ndaVersions,
  permissionProfileItems,
  permissionProfiles,
} from '../db/schema';

const dayMs = 24 * 60 * 60 * 1000;

const ndaBody = `Mutual Non-Disclosure Agreement

1. Purpose. Acme Cloud shares security documentation (audit reports, penetration test summaries, policies) so that you can assess its services.

2. Confidential information. Everything marked restricted on the Acme Cloud Trust Center is confidential information of Acme Cloud.

3. Obligations. You will use the confidential information only for that assessment, share it only with colleagues and advisers who need it and are bound by similar duties, and protect it with reasonable care.

4. Term. These obligations last three years from the day you accept this agreement.

5. Law. This agreement is governed by the laws of England and Wales.`;

/**
 * Access in the demo: an NDA that members accept, a blocked domain, accounts in every review state
 * with members, an 'Auditors' profile with a few restricted items, and requests waiting for review.
 * Called once inside seedDemoOrganisation's transaction (the demo seeds only an empty database).
 */
export async function seedDemoAccess(
  db: Database,
  input: { organisationId: string; payrollProductId: string },
) {
  const { organisationId } = input;
  const now = Date.now();
  await db.insert(accessSettings).values({ organisationId, requireNda: true, defaultAccessDays: 365 });
  await db.insert(accessDomainRules).values([
    { organisationId, kind: 'blocked', domain: 'blocked.example' },
    { organisationId, kind: 'auto_approve', domain: 'partner.example' },
  ]);
  const [nda] = await db
    .insert(ndaVersions)
    .values({
      organisationId,
      title: 'Acme Cloud Mutual NDA',
      body: ndaBody,
      sha256: createHash('sha256').update(ndaBody, 'utf8').digest('hex'),
    })
    .returning();

  const restricted = await db
    .select({ id: items.id })
    .from(items)
    .where(
      and(eq(items.productId, input.payrollProductId), eq(items.isPublic, false), eq(items.isHidden, false)),
    )
    .orderBy(asc(items.title))
    .limit(4);
  const [auditors] = await db
    .insert(permissionProfiles)
    .values({ organisationId, name: 'Auditors' })
    .returning();
  if (restricted.length > 0) {
    await db
      .insert(permissionProfileItems)
      .values(restricted.map((item) => ({ permissionProfileId: auditors!.id, itemId: item.id })));
  }
  const [enterprise] = await db
    .select({ id: permissionProfiles.id })
    .from(permissionProfiles)
    .where(
      and(
        eq(permissionProfiles.organisationId, organisationId),
        eq(permissionProfiles.name, 'Enterprise customers'),
      ),
    )
    .limit(1);

  const account = async (
    values: Omit<typeof accounts.$inferInsert, 'organisationId'>,
    people: { email: string; firstName: string; lastName: string; hasAcceptedNda?: boolean }[],
  ) => {
    const [created] = await db
      .insert(accounts)
      .values({ organisationId, ...values })
      .returning();
    const members = [];
    for (const person of people) {
      const [member] = await db
        .insert(accountMembers)
        .values({
          organisationId,
          accountId: created!.id,
          email: person.email,
          firstName: person.firstName,
          lastName: person.lastName,
        })
        .returning();
      if (person.hasAcceptedNda) {
        await db.insert(ndaAcceptances).values({
          organisationId,
          ndaVersionId: nda!.id,
          accountMemberId: member!.id,
          signerName: `${person.firstName} ${person.lastName}`,
          signerEmail: person.email,
          ndaSha256: nda!.sha256,
          ipAddress: '192.0.2.10',
          userAgent: 'Demo browser',
        });
      }
      members.push(member!);
    }
    return { account: created!, members };
  };

  await account(
    {
      name: 'Globex Corporation',
      domain: 'globex.example',
      reviewStatus: 'approved',
      accessExpiresAt: new Date(now + 300 * dayMs),
      permissionProfileId: enterprise?.id ?? null,
      reviewedAt: new Date(now - 65 * dayMs),
    },
    [
      { email: 'hank.scorpio@globex.example', firstName: 'Hank', lastName: 'Scorpio', hasAcceptedNda: true },
      { email: 'mindy.simmons@globex.example', firstName: 'Mindy', lastName: 'Simmons' },
    ],
  );
  await account(
    {
      name: 'Initech Audit Partners',
      domain: 'initech.example',
      reviewStatus: 'approved',
      accessExpiresAt: new Date(now + 45 * dayMs),
      permissionProfileId: auditors!.id,
      reviewedAt: new Date(now - 20 * dayMs),
    },
    [{ email: 'joanna@initech.example', firstName: 'Joanna', lastName: 'Bolton', hasAcceptedNda: true }],
  );
  const pending = await account(
    { name: 'Umbrella Health', domain: 'umbrella.example', reviewStatus: 'pending' },
    [{ email: 'alice.abernathy@umbrella.example', firstName: 'Alice', lastName: 'Abernathy' }],
  );
  await account(
    {
      name: 'Vandelay Industries',
      domain: 'vandelay.example',
      reviewStatus: 'declined',
      decisionReason: 'We could not confirm a business relationship.',
      reviewedAt: new Date(now - 10 * dayMs),
    },
    [{ email: 'art@vandelay.example', firstName: 'Art', lastName: 'Vandelay' }],
  );
  await account(
    {
      name: 'Soylent Foods',
      domain: 'soylent.example',
      reviewStatus: 'approved',
      accessExpiresAt: new Date(now - 5 * dayMs),
      reviewedAt: new Date(now - 370 * dayMs),
    },
    [{ email: 'sol@soylent.example', firstName: 'Sol', lastName: 'Roth', hasAcceptedNda: true }],
  );

  await db.insert(accessRequests).values([
    {
      organisationId,
      productId: input.payrollProductId,
      accountId: pending.account.id,
      accountMemberId: pending.members[0]!.id,
      email: 'alice.abernathy@umbrella.example',
      firstName: 'Alice',
      lastName: 'Abernathy',
      companyName: 'Umbrella Health',
      jobTitle: 'Vendor risk manager',
      relationship: 'customer',
      country: 'US',
      source: 'request_access_button',
      status: 'pending',
      createdAt: new Date(now - 2 * dayMs),
    },
    {
      organisationId,
      productId: input.payrollProductId,
      email: 'priya@wayne.example',
      firstName: 'Priya',
      lastName: 'Natarajan',
      companyName: 'Wayne Enterprises',
      jobTitle: 'Security analyst',
      relationship: 'customer',
      country: 'GB',
      source: 'locked_item',
      status: 'pending',
      createdAt: new Date(now - 3 * 3600 * 1000),
    },
  ]);
}
