import type { PDFDocument } from 'pdf-lib';

/**
 * Stamps the label across and along the foot of every page. Encrypted PDFs cannot be changed without
 * their password: they come back as null and are served as stored (spec: 'This file is encrypted…').
 */
export async function watermarkPdf(bytes: Uint8Array, label: string): Promise<Uint8Array | null> {
  const { degrees, EncryptedPDFError, PDFDocument, rgb, StandardFonts } = await import('pdf-lib');
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError) return null;
    throw error;
  }
  const font = await document.embedFont(StandardFonts.Helvetica);
  // Standard fonts only carry WinAnsi characters; others become '?' rather than failing.
  const text = [...label]
    .map((character) => (font.getCharacterSet().includes(character.codePointAt(0)!) ? character : '?'))
    .join('');
  for (const page of document.getPages()) {
    const { width, height } = page.getSize();
    const size = Math.max(8, Math.min(28, (width * 0.9) / Math.max(1, font.widthOfTextAtSize(text, 1))));
    page.drawText(text, {
      x: width * 0.08,
      y: height * 0.2,
      size,
      font,
      color: rgb(0.75, 0.1, 0.1),
      opacity: 0.22,
      rotate: degrees(Math.atan2(height * 0.6, width * 0.84) * (180 / Math.PI)),
    });
    page.drawText(text, { x: 24, y: 14, size: 8, font, color: rgb(0.45, 0.45, 0.45) });
  }
  return document.save();
}
