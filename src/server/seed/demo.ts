import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { locales } from '../../shared/i18n/locales';
import type { Database } from '../db/client';
import { assets, organisations, productLinks, products, staffUsers } from '../db/schema';
import { hashPassword } from '../modules/staff';
import type { FileStorage } from '../providers/storage';
import { seedDemoAccess } from './demo-access';
import { demoCalendar } from './demo-calendar';
import { seedDemoCards } from './demo-cards';
import { seedDemoCollaboration } from './demo-collaboration';
import { seedDemoDocuments } from './demo-documents';
import { seedDemoKnowledgeBase } from './demo-knowledge-base';
import { demoLogoSvg } from './demo-logo';
import { seedDemoSpecialisedCards } from './demo-specialised-cards';
import { seedDemoUpdates } from './demo-updates';

export const demoSlug = 'acme';
export const demoAdminEmail = 'admin@acme.example';

export function generateDemoPassword(): string {
  return randomBytes(12).toString('base64url');
}

/** The demo organisation: every feature that exists is filled with realistic content. */
export async function seedDemoOrganisation(
  db: Database,
  options: { adminPassword: string; storage?: FileStorage; seededAt?: Date },
) {
  const calendar = demoCalendar(options.seededAt);
  const passwordHash = await hashPassword(options.adminPassword);
  return db.transaction(async (tx) => {
    const accent = '#4338ca';
    const [organisation] = await tx
      .insert(organisations)
      .values({
        slug: demoSlug,
        name: 'Acme Cloud',
        websiteUrl: 'acme.example',
        customisation: {
          portalTitle: 'Trust Center',
          showPortalTitle: true,
          accentColor: accent,
          publicAccessLevel: 'full',
          subscribeEnabled: true,
          description:
            'Acme Cloud runs payroll and HR software for 4,000 companies. Here is how we protect their data: our controls, certifications, policies and subprocessors.',
          termsOfServiceUrl: 'https://acme.example/legal/terms',
          privacyNoticeUrl: 'https://acme.example/legal/privacy',
          supportMailbox: 'support@acme.example',
          securityMailbox: 'security@acme.example',
          contactSupport: { onClickAction: 'send_email', supportUrl: null, isEnabled: true },
          reportIssue: {
            onClickAction: 'direct_to_site',
            reportUrl: 'https://acme.example/security/report',
            isEnabled: true,
          },
          securityReviewBanner: 'medium',
          askInformation: true,
          // The demo offers every language the portal speaks (issue 35); English is its default.
          defaultLocale: 'en',
          offeredLocales: [...locales],
        },
      })
      .returning();
    const organisationId = organisation!.id;
    const logo = Buffer.from(demoLogoSvg(accent));
    const [logoAsset] = await tx
      .insert(assets)
      .values({
        organisationId,
        contentType: 'image/svg+xml',
        bytes: logo,
        sha256: createHash('sha256').update(logo).digest('hex'),
      })
      .returning();
    await tx
      .update(organisations)
      .set({ logoAssetId: logoAsset!.id })
      .where(eq(organisations.id, organisationId));
    const [payroll, hr, benefits] = await tx
      .insert(products)
      .values([
        { organisationId, name: 'Acme Payroll', slug: 'payroll', isDefault: true, position: 0 },
        { organisationId, name: 'Acme HR', slug: 'hr', position: 1 },
        { organisationId, name: 'Acme Benefits (beta)', slug: 'benefits', position: 2, isShown: false },
      ])
      .returning({ id: products.id });
    await tx.insert(productLinks).values([
      { organisationId, name: 'System status', link: 'status.acme.example', position: 0 },
      { organisationId, name: 'Developer docs', link: 'docs.acme.example', position: 1 },
    ]);
    const [admin] = await tx
      .insert(staffUsers)
      .values({
        organisationId,
        email: demoAdminEmail,
        name: 'Alex Admin',
        passwordHash,
        role: 'owner',
      })
      .returning({ id: staffUsers.id });
    await seedDemoCards(tx, {
      organisationId,
      adminId: admin!.id,
      payrollProductId: payroll!.id,
      hrProductId: hr!.id,
      benefitsProductId: benefits!.id,
      calendar,
    });
    await seedDemoSpecialisedCards(tx, {
      organisationId,
      payrollProductId: payroll!.id,
      hrProductId: hr!.id,
      otherProductIds: [hr!.id, benefits!.id],
      calendar,
    });
    await seedDemoAccess(tx, { organisationId, payrollProductId: payroll!.id });
    await seedDemoCollaboration(tx, {
      organisationId,
      payrollProductId: payroll!.id,
      adminId: admin!.id,
      calendar,
    });
    await seedDemoKnowledgeBase(tx, {
      organisationId,
      productIds: { payroll: payroll!.id, hr: hr!.id, benefits: benefits!.id },
      calendar,
    });
    await seedDemoUpdates(tx, { organisationId, adminId: admin!.id, calendar });
    if (options.storage) {
      await seedDemoDocuments(tx, {
        organisationId,
        productId: payroll!.id,
        adminId: admin!.id,
        storage: options.storage,
        calendar,
      });
    }
    return organisation!;
  });
}
