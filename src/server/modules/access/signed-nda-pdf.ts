import { and, desc, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { ndaAcceptances, ndaVersions } from '../../db/schema';
import type { AccessContext } from './log-in-member';

export type SignedNdaPdf = { bytes: Buffer; fileName: string };

async function renderPdf(write: (document: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A4', margin: 56, info: { Title: 'Signed NDA' } });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    write(document);
    document.end();
  });
}

/** The member's newest accepted NDA as a PDF: the text as accepted, then the evidence block. */
export async function renderSignedNda({ ctx }: { ctx: AccessContext }): Promise<SignedNdaPdf> {
  const { organisation, member } = ctx.viewer;
  if (!member) throw new AppError('unauthenticated', messages.signInRequired);
  const [signed] = await ctx.db
    .select({ acceptance: ndaAcceptances, version: ndaVersions })
    .from(ndaAcceptances)
    .innerJoin(ndaVersions, eq(ndaVersions.id, ndaAcceptances.ndaVersionId))
    .where(
      and(eq(ndaAcceptances.organisationId, organisation.id), eq(ndaAcceptances.accountMemberId, member.id)),
    )
    .orderBy(desc(ndaAcceptances.acceptedAt))
    .limit(1);
  if (!signed) throw new AppError('not_found', 'You have not accepted an NDA yet.');
  const { acceptance, version } = signed;
  const bytes = await renderPdf((document) => {
    document.fontSize(18).text(version.title);
    document.moveDown(0.5).fontSize(10).fillColor('#475569').text(organisation.name);
    document.moveDown().fillColor('#000000').fontSize(11).text(version.body, { align: 'left' });
    document.addPage();
    document.fontSize(14).text('Evidence of acceptance');
    document.moveDown(0.5).fontSize(10);
    const evidence: [string, string][] = [
      ['Signed by', acceptance.signerName],
      ['E-mail', acceptance.signerEmail],
      ['Company', member.account.name],
      ['Accepted at (UTC)', acceptance.acceptedAt.toISOString()],
      ['IP address', acceptance.ipAddress ?? 'not recorded'],
      ['Browser', acceptance.userAgent ?? 'not recorded'],
      ['Agreement', `${version.title} (version of ${version.createdAt.toISOString()})`],
      ['SHA-256 of the text', acceptance.ndaSha256],
      ['Organisation', organisation.name],
    ];
    for (const [label, value] of evidence) {
      document.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    }
  });
  const date = acceptance.acceptedAt.toISOString().slice(0, 10);
  return { bytes, fileName: `${organisation.name} NDA signed by ${acceptance.signerName} ${date}.pdf` };
}
