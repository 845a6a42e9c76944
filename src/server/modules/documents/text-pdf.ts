/** A small real PDF for tests, benches and the demo seed: a title and paragraphs, page breaks as needed. */
export async function renderTextPdf(
  title: string,
  paragraphs: string[],
  options: { subtitle?: string } = {},
): Promise<Buffer> {
  // Loaded when a PDF is drawn, not at every start (see docs/performance.md, start-up).
  const { default: PDFDocument } = await import('pdfkit');
  const document = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: title, CreationDate: new Date(0) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  document.font('Helvetica-Bold').fontSize(18).text(title);
  if (options.subtitle) document.font('Helvetica').fontSize(11).fillColor('#555555').text(options.subtitle);
  document.fillColor('#000000').font('Helvetica').fontSize(11);
  for (const paragraph of paragraphs) document.moveDown().text(paragraph, { lineGap: 2 });
  document.end();
  return done;
}
