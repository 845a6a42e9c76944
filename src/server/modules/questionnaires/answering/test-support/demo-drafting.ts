import { eq } from 'drizzle-orm';
import { findOrganisationBySlug } from '../../../../core';
import { products, staffUsers } from '../../../../db/schema';
import { seedDemoOrganisation } from '../../../../seed/demo';
import { createTestSession } from '../../../../test/sessions';
import type { TestApp } from '../../../../test/test-app';

/** The demo organisation in a test app, an admin's session and the Payroll product drafts answer for. */
export async function seedDemoForDrafting(t: TestApp) {
  await seedDemoOrganisation(t.database.db, {
    adminPassword: 'demo password 1234',
    storage: t.providers.storage,
  });
  const organisation = (await findOrganisationBySlug(t.database.db, 'acme'))!;
  const [admin] = await t.database.db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.organisationId, organisation.id))
    .limit(1);
  const staff = await createTestSession(t.database.db, {
    organisationId: organisation.id,
    staffUserId: admin!.id,
  });
  const [payroll] = await t.database.db.select().from(products).where(eq(products.slug, 'payroll'));
  return { staff, productId: payroll!.id };
}
