import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { bridgeLetterTitles } from '../../shared/documents';
import type { Database } from '../db/client';
import { bridgeLetters, files, itemFiles, items } from '../db/schema';
import { extractTextNow, renderTextPdf } from '../modules/documents';
import { type FileStorage, newStorageKey } from '../providers/storage';
import { type DemoCalendar, dated, demoCalendar } from './demo-calendar';

type DemoDocument = {
  itemTitle: string;
  fileName: string;
  title: string;
  isPublic: boolean;
  accessType: 'view_only' | 'view_and_download' | null;
  featuredPosition: number | null;
  paragraphs: string[];
};

const demoDocuments: DemoDocument[] = [
  {
    itemTitle: 'SOC 2 Type II report (excerpt)',
    fileName: 'Acme-Cloud-SOC-2-Type-II-{socStartYear}-{socEndYear}-excerpt.pdf',
    title: 'SOC 2 Type II report {socStartYear}–{socEndYear} (excerpt)',
    isPublic: false,
    accessType: 'view_only',
    featuredPosition: 0,
    paragraphs: [
      'Independent service auditor’s report by Schellman & Company, LLC on controls relevant to security, availability and confidentiality, for the period {socPeriod}.',
      'Opinion: in our opinion, in all material respects, the description presents Acme Cloud’s Acme Payroll and Acme HR platform as designed and implemented throughout the period, and the controls stated in the description were suitably designed and operated effectively.',
      'Section 4 lists the 94 controls tested, including logical access (CC6.1–CC6.8), change management (CC8.1) and incident response (CC7.3–CC7.5); no exceptions were noted.',
    ],
  },
  {
    itemTitle: 'Penetration test summary',
    fileName: 'Acme-Cloud-Pen-Test-Summary-{penTestQuarterSlug}.pdf',
    title: 'Penetration test summary {penTestQuarter}',
    isPublic: false,
    accessType: null,
    featuredPosition: null,
    paragraphs: [
      'Tester: NCC Group. Scope: the Acme Payroll and Acme HR web applications, the public API and the Acme HR mobile app, tested black-box and grey-box over ten days in {penTestMonth}.',
      'Findings: 0 critical, 0 high, 2 medium (both remediated and re-tested), 5 low, 3 informational.',
      'Medium findings: verbose error messages on one export endpoint; a missing rate limit on password-reset confirmation. Both were fixed within 14 days.',
    ],
  },
  {
    itemTitle: 'Information security policy',
    fileName: 'Information-Security-Policy.pdf',
    title: 'Information security policy',
    isPublic: true,
    accessType: null,
    featuredPosition: 1,
    paragraphs: [
      'Purpose: to protect the confidentiality, integrity and availability of customer and employee data processed by Acme Cloud.',
      'Every employee completes security training at hiring and yearly; access follows least privilege and is reviewed quarterly.',
      'The CISO, Dana Whitfield, owns this policy; the board approves it after each review, at least yearly and after any significant change.',
    ],
  },
  {
    itemTitle: 'Acceptable use policy',
    fileName: 'Acceptable-Use-Policy.pdf',
    title: 'Acceptable use policy',
    isPublic: true,
    accessType: null,
    featuredPosition: null,
    paragraphs: [
      'Company devices are managed, encrypted and kept up to date; personal devices may not be used to reach company systems or data.',
      'Customer data never leaves approved systems; copying it to personal storage is forbidden.',
    ],
  },
  {
    itemTitle: 'Business continuity and disaster recovery plan',
    fileName: 'BCDR-Plan-Summary.pdf',
    title: 'Business continuity and disaster recovery plan (summary)',
    isPublic: false,
    accessType: 'view_only',
    featuredPosition: null,
    paragraphs: [
      'Recovery time objective: 4 hours. Recovery point objective: 15 minutes.',
      'Production runs in three availability zones per region; backups are encrypted and copied to a second region every hour. Restores are tested quarterly.',
      'The disaster recovery plan is tested twice a year; the last full failover test, in {failoverMonth}, restored service in the second region in 2 hours 40 minutes with no data loss.',
    ],
  },
];

/**
 * Documents card items with generated PDFs (public and restricted, some view-only, two featured) and
 * a SOC 2 bridge letter. Skips what exists, so running it again adds nothing.
 */
export async function seedDemoDocuments(
  db: Database,
  options: {
    organisationId: string;
    productId: string;
    adminId: string;
    storage: FileStorage;
    calendar?: DemoCalendar;
  },
): Promise<void> {
  const { organisationId, productId, adminId, storage } = options;
  const calendar = options.calendar ?? demoCalendar();
  for (const document of dated(demoDocuments, calendar)) {
    const [existing] = await db
      .select({ id: items.id })
      .from(items)
      .where(
        and(
          eq(items.productId, productId),
          eq(items.cardKind, 'Documents'),
          eq(items.title, document.itemTitle),
        ),
      )
      .limit(1);
    if (existing) continue;
    const bytes = await renderTextPdf(document.title, document.paragraphs, { subtitle: 'Acme Cloud' });
    const storageKey = newStorageKey(organisationId);
    await storage.put(storageKey, Readable.from([bytes]), {
      contentType: 'application/pdf',
      contentLength: bytes.length,
    });
    const [file] = await db
      .insert(files)
      .values({
        organisationId,
        storageKey,
        originalName: document.fileName,
        title: document.title,
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        accessType: document.accessType,
        uploadedByStaffUserId: adminId,
      })
      .returning({ id: files.id });
    // The same extraction as an upload's job, run at once: the demo's documents are searchable at start.
    await extractTextNow(db, null, { id: file!.id, organisationId }, bytes);
    const [item] = await db
      .insert(items)
      .values({
        organisationId,
        productId,
        cardKind: 'Documents',
        title: document.itemTitle,
        enabledState: 'Enabled',
        isPublic: document.isPublic,
        featuredPosition: document.featuredPosition,
        modifiedAt: new Date(),
        modifiedByStaffUserId: adminId,
      })
      .returning({ id: items.id });
    await db.insert(itemFiles).values({ itemId: item!.id, fileId: file!.id, position: 0 });
  }
  const [report] = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.productId, productId), eq(items.catalogueKey, 'reports.soc-2-type-2')))
    .limit(1);
  await db
    .insert(bridgeLetters)
    .values({
      organisationId,
      productId,
      itemId: report?.id ?? null,
      letterType: 'soc2',
      title: bridgeLetterTitles.soc2,
      content: dated(
        'Our SOC 2 Type II examination by Schellman covered {socPeriod}. Since the end of that period there have been no material changes to our system or to the design or operation of our controls, and we are not aware of any incidents that would change the auditor’s opinion.\n\nOur next examination covers {nextSocPeriod}; its report is expected in {nextSocReportMonth}.',
        calendar,
      ),
      signerName: 'Dana Whitfield',
      signerTitle: 'Chief Information Security Officer',
      letterDate: calendar.seededAt.toISOString().slice(0, 10),
    })
    .onConflictDoNothing();
}
