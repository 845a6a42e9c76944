import { describe, expect, it } from 'vitest';
import { mailBrand } from '../mail/branded/mail-brand';
import { composeUpdateMail, personaliseUpdateMail, updateMailReason } from './update-mail';

const brand = mailBrand(
  { publicUrl: 'https://trust.acme.example' },
  {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'acme',
    name: 'Acme Cloud',
    customisation: { portalTitle: 'Trust Center', accentColor: '#1d4ed8' },
    logoAssetId: null,
    revision: 1,
  },
);

const mail = (message: string) =>
  composeUpdateMail({
    brand,
    topicSubject: 'Incident resolved',
    category: 'incidents',
    message,
    topicUrl: 'https://trust.acme.example/acme?tcuUid=1',
  });

describe('update e-mail (issue 16 item 22)', () => {
  it('drops unsafe links to their text in the HTML and plain-text parts, like the web rendering', async () => {
    const { html, text } = await mail(
      'Fixed. [bad](javascript:alert(1)) [mixed](JaVaScRiPt:alert(2)) [data](data:text/html,hi) and [ok](https://acme.example/status)',
    );
    expect(html).toContain(
      '<p>Fixed. <span>bad</span> <span>mixed</span> <span>data</span> and <a href="https://acme.example/status"',
    );
    expect(text).toContain('Fixed. bad mixed data and ok (https://acme.example/status)');
    for (const part of [html, text]) expect(part).not.toMatch(/javascript:|data:text|\]\(/i);
  });

  it("puts each recipient's links and why they got it in both parts, escaped in the HTML", async () => {
    const shared = await mail('All systems normal.');
    const url = 'https://trust.acme.example/acme?unsubscribeToken=a.b&x=1';
    const manageUrl = 'https://trust.acme.example/acme/subscription?token=a.b&y=2';
    const reason = updateMailReason({ categories: ['incidents'], productNames: ['Acme Payroll'] });
    const { text, html } = personaliseUpdateMail(shared, { unsubscribeUrl: url, manageUrl, reason });
    expect(text).toContain(
      [
        'You receive this because you subscribed to these updates. You follow: Incidents · Acme Payroll.',
        `Change what you receive: ${manageUrl}`,
        `Unsubscribe: ${url}`,
      ].join('\n'),
    );
    expect(html).toContain('href="https://trust.acme.example/acme?unsubscribeToken=a.b&amp;x=1"');
    expect(html).toContain('href="https://trust.acme.example/acme/subscription?token=a.b&amp;y=2"');
    expect(html).toContain('You follow: Incidents · Acme Payroll.');
    for (const part of [text, html]) expect(part).not.toMatch(/\.invalid|placeholder/);
    expect(
      text.startsWith('Incidents update from Acme Cloud\n\nIncident resolved\n\nAll systems normal.'),
    ).toBe(true);
    expect(updateMailReason(null)).toBe(
      'You receive this because you were named as a recipient of this update.',
    );
    expect(updateMailReason({ categories: null, productNames: null })).toContain('You follow: all updates.');
    expect(updateMailReason({ categories: null, productNames: ['Acme HR'] })).toContain(
      'You follow: all updates · Acme HR.',
    );
  });
});
