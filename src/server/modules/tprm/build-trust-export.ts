import type { ItemView } from '../../../shared/cards';
import type { Company } from '../../../shared/specialised-cards';
import { TrustExport, trustExportSchemaVersion } from '../../../shared/tprm';
import type { Context } from '../../context';
import { listProducts, portalUrl } from '../../core';
import { canSeeProduct } from '../../policy';
import { listCardViews } from '../cards';
import { buildDocumentsView } from '../documents';
import { buildSpecialisedView } from '../specialised-cards';

type ExportMeta = Pick<TrustExport, 'audience' | 'account' | 'partner'>;

function contentOf(item: ItemView) {
  if (item.isLocked) return null;
  return {
    explanation: item.explanation,
    href: item.href,
    listEntries: item.listEntries,
    type: item.type,
    maturity: item.maturity,
    recurrence: item.recurrence,
    auditor: item.auditor,
    expiry: item.expiry,
  };
}

function companyName(company: Company): { name: string; domain: string | null } {
  if (company.source === 'addendum') return { name: company.companyId, domain: null };
  if (company.source === 'custom') return { name: company.name, domain: null };
  return { name: company.name, domain: company.domain };
}

/**
 * What the viewer may see, as the versioned export: built only from the gate's own views (card views,
 * documents view, specialised view) of each product the viewer may see, never from rows directly.
 */
export async function buildTrustExport(
  ctx: Pick<Context, 'db' | 'viewer' | 'config'>,
  meta: ExportMeta,
): Promise<TrustExport> {
  const { viewer } = ctx;
  const organisation = viewer.organisation;
  const productRows = (await listProducts(ctx.db, organisation.id)).filter((product) =>
    canSeeProduct(viewer, product),
  );
  const products: TrustExport['products'] = [];
  for (const product of productRows) {
    const [cards, documents] = await Promise.all([
      listCardViews({ ctx, input: { productId: product.id } }),
      buildDocumentsView(ctx, product.id),
    ]);
    const specialised = await buildSpecialisedView(ctx.db, product.id, cards);
    const certificationCard = cards.find((card) => card.kind === 'Certifications');
    products.push({
      productId: product.id,
      name: product.name,
      slug: product.slug,
      items: cards.flatMap((card) =>
        card.items.map((item) => ({
          itemUid: item.itemUid,
          card: card.kind,
          cardTitle: card.title,
          title: item.title,
          status: item.enabledState,
          access: item.isPublic ? ('public' as const) : ('restricted' as const),
          content: contentOf(item),
          modifiedAt: item.modifiedAt,
        })),
      ),
      certifications: (certificationCard?.items ?? []).map((item) => ({
        itemUid: item.itemUid,
        title: item.title,
        status: item.enabledState,
        catalogueKey: specialised.itemKeys[item.itemUid] ?? null,
        auditor: item.isLocked ? null : item.auditor,
        expiry: item.isLocked ? null : item.expiry,
      })),
      documents: documents.files.map((file) => ({
        documentId: file.fileId,
        itemUid: file.itemUid,
        kind: file.kind,
        title: file.title,
        originalName: file.originalName,
        contentType: file.contentType,
        sizeBytes: file.sizeBytes,
        canDownload: file.canDownload,
      })),
      subprocessors: specialised.subprocessors.map((subprocessor) => ({
        ...companyName(subprocessor.company),
        purpose: subprocessor.purpose,
        location: subprocessor.location,
        additionalDetails: subprocessor.additionalDetails,
      })),
    });
  }
  return TrustExport.parse({
    schema: 'attest.trust-export',
    schemaVersion: trustExportSchemaVersion,
    generatedAt: new Date().toISOString(),
    ...meta,
    organisation: {
      name: organisation.name,
      slug: organisation.slug,
      websiteUrl: organisation.websiteUrl,
      portalUrl: portalUrl(ctx.config.publicUrl, organisation),
    },
    products,
  });
}
