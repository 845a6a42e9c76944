import type { MailBrand } from './mail-brand';
import { type MailContent, renderMailText } from './mail-content';

export type RenderedMail = { subject: string; html: string; text: string };

/** Both parts of a branded mail: a full HTML document (react-email) and its plain-text twin. */
export async function renderBrandedMail(brand: MailBrand, content: MailContent): Promise<RenderedMail> {
  // react-email and React (~0.3 s to load) load with the first mail, not at every start.
  const [{ render }, { createElement }, { BrandedMail }] = await Promise.all([
    import('@react-email/components'),
    import('react'),
    import('./branded-mail'),
  ]);
  // React 19 adds a preload <link> for every <img>: useless in mail, and one more fetch to block.
  const html = (await render(createElement(BrandedMail, { brand, content }))).replace(
    /<link rel="preload" as="image"[^>]*>/g,
    '',
  );
  return { subject: content.subject, html, text: renderMailText(content, brand) };
}
