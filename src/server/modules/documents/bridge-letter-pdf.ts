import { formatLetterDate } from '../../../shared/dates';
import { bridgeLetterMessages } from '../../../shared/documents';

export type LetterContent = {
  organisationName: string;
  title: string;
  content: string;
  signerName: string;
  signerTitle: string;
  /** yyyy-MM-dd; printed as 'MMMM dd, yyyy'. */
  letterDate: string;
};

/** The bridge letter as a PDF (spec 2 §9). The creation date is the letter date, so bytes are stable. */
export async function renderBridgeLetterPdf(letter: LetterContent): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  // A calendar day is read as that day in UTC, so the bytes do not depend on the server's time zone.
  const date = new Date(letter.letterDate);
  const document = new PDFDocument({
    size: 'LETTER',
    margin: 72,
    info: { Title: letter.title, Author: letter.organisationName, CreationDate: date },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  document.font('Helvetica-Bold').fontSize(16).text(letter.organisationName);
  document.font('Helvetica').fontSize(12).moveDown(0.3).text(letter.title);
  document.moveDown(1.5).text(formatLetterDate(date));
  document.moveDown(1.5).text(bridgeLetterMessages.greeting);
  for (const paragraph of letter.content.split(/\n\s*\n/)) {
    document.moveDown().text(paragraph.trim(), { align: 'left', lineGap: 2 });
  }
  document.moveDown(2).text(bridgeLetterMessages.closing);
  document.moveDown(2).font('Helvetica-Bold').text(letter.signerName);
  document.font('Helvetica').text(letter.signerTitle);
  document.text(letter.organisationName);
  document.end();
  return done;
}
