import { describe, expect, it } from 'vitest';
import { contrastRatio, minimumTextContrast } from '../../../../shared/contrast';
import { escapeHtml } from '../../../render/html';
import { galleryOrganisation, renderMailGallery } from '../../../test/mail-gallery';
import { mailBrand } from './mail-brand';
import { renderBrandedMail } from './render-branded-mail';

const hrefs = (html: string) =>
  [...html.matchAll(/\shref="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
const imageSources = (html: string) =>
  [...html.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)].map((match) => match[1]!);
const logoUrl = 'https://trust.acme.example/api/share/6f1b0e2a-3c4d-4e5f-8a9b-0c1d2e3f4a5b/mail-logo.png?v=7';

describe('branded e-mail (issue 20 part 4)', async () => {
  const gallery = await renderMailGallery();

  it('covers every mail the product sends', () => {
    expect(gallery.map((entry) => entry.name).sort()).toEqual([
      'access-approved',
      'access-declined',
      'access-ending',
      'access-extended',
      'access-extension-declined',
      'access-renewal-received',
      'access-request-received',
      'access-request-staff-review',
      'access-revoked',
      'comment-answered',
      'comment-to-staff',
      'invite',
      'invite-outside-company',
      'nda-receipt',
      'questionnaire-to-staff',
      'sign-in',
      'staff-digest',
      'subscription-confirmation',
      'test-email',
      'update',
    ]);
  });

  describe.each(gallery.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    const { html, text } = entry.mail;

    it('is a full HTML document in the layout: logo, organisation name, accent, footer', () => {
      expect(html.startsWith('<!DOCTYPE html')).toBe(true);
      expect(html).toMatch(/<html[^>]* lang="en"/);
      expect(html).toContain(
        `<title>${escapeHtml(entry.mail.subject).replaceAll('&#39;', '&#x27;')}</title>`,
      );
      expect(html).toContain('</body></html>');
      expect(html).toContain('role="presentation"');
      expect(imageSources(html)).toEqual([logoUrl]);
      expect(html).toContain('alt="Acme Cloud"');
      expect(html).toContain('>Acme Cloud Trust Center</');
      expect(html).toContain('#4338ca');
      expect(html).toMatch(/You receive this because [^<]+\./);
    });

    it('loads nothing but the logo: no scripts, style sheets, web fonts or tracking pixels', () => {
      expect(html).not.toMatch(/<script|<link|@import|@font-face|url\(/i);
      expect(imageSources(html)).toHaveLength(1);
    });

    it('links only to absolute addresses, and both parts carry the links the mail is for', () => {
      for (const href of hrefs(html)) expect(href).toMatch(/^https:\/\/trust\.acme\.example\//);
      for (const link of entry.links) {
        expect(hrefs(html)).toContain(link);
        expect(text).toContain(link);
      }
      expect(hrefs(html)).toContain('https://trust.acme.example/acme');
    });

    it('has a plain-text twin with the same reason and, where the mail has List-Unsubscribe, the link', () => {
      const reason = /You receive this because [^<]+\./.exec(html)![0];
      expect(text).toContain(`\n--\n${reason.replaceAll('&#x27;', "'").replaceAll('&quot;', '"')}`);
      expect(text).not.toMatch(/<(?:p|a|div|table|br|strong|h1)[\s>]/i);
      if (entry.unsubscribeUrl) {
        expect(text).toContain(`Unsubscribe: ${entry.unsubscribeUrl}`);
        expect(html).toMatch(
          new RegExp(`href="${escapeRegExp(escapeHtml(entry.unsubscribeUrl))}"[^>]*>Unsubscribe</a>`),
        );
      } else {
        expect(text).not.toContain('Unsubscribe');
        expect(html).not.toContain('>Unsubscribe<');
      }
    });
  });

  it('puts the first link of the plain text on the action the mail is for (sign-in links are followed from it)', () => {
    const followed = ['sign-in', 'access-approved', 'access-ending', 'invite', 'subscription-confirmation'];
    for (const entry of gallery.filter((candidate) => followed.includes(candidate.name))) {
      expect(entry.mail.text.match(/https?:\/\/\S+/)![0], entry.name).toBe(entry.links[0]);
    }
  });

  it('lists the waiting requests in the digest, counts the rest, and says where to change the choice', () => {
    const digest = gallery.find((entry) => entry.name === 'staff-digest')!.mail;
    expect(digest.subject).toBe('3 access requests waiting for review on the Acme Cloud Trust Center');
    // Each row opens its own request; the queue is linked after them.
    expect(digest.text.match(/https?:\/\/\S+/g)).toEqual(
      expect.arrayContaining([
        'https://trust.acme.example/console/access-requests?request=0b5e3c1a-6d2f-4c8e-9a71-2f4d8b6e1c01',
        'https://trust.acme.example/console/access-requests?request=0b5e3c1a-6d2f-4c8e-9a71-2f4d8b6e1c02',
        'https://trust.acme.example/console/access-requests',
      ]),
    );
    expect(digest.html).toMatch(
      /href="https:\/\/trust\.acme\.example\/console\/access-requests\?request=0b5e3c1a[^"]*"[^>]*>Ada Lovelace</,
    );
    for (const part of [digest.html, digest.text]) {
      expect(part).toContain('Ada Lovelace');
      expect(part).toContain('Grace Hopper');
      expect(part).toContain('And 1 more.');
      expect(part).toContain('https://trust.acme.example/console/access-settings#notifications');
    }
  });

  it('states what an approval granted and until when, and how to get a new sign-in link', () => {
    const approved = gallery.find((entry) => entry.name === 'access-approved')!.mail;
    for (const part of [approved.text, approved.html]) {
      expect(part).toContain('12 March 2027');
      expect(part).toContain('Auditors');
      expect(part).toContain('sign in with this address: a new link comes by e-mail');
    }
  });

  it('reminds of the end date with a one-click "Request more time" button, and says a declined extension changes nothing', () => {
    const ending = gallery.find((entry) => entry.name === 'access-ending')!;
    for (const part of [ending.mail.text, ending.mail.html]) expect(part).toContain('12 March 2027');
    expect(ending.mail.subject).toBe('Your access to the Acme Cloud Trust Center ends on 12 March 2027');
    expect(ending.mail.html).toMatch(
      new RegExp(
        `href="${escapeRegExp(escapeHtml(ending.links[0]!))}"[^>]*>(?:<span[^>]*>.*?</span>)*?<span[^>]*>Request more time</span>`,
      ),
    );
    const declined = gallery.find((entry) => entry.name === 'access-extension-declined')!.mail;
    expect(declined.subject).toBe('Your request for more time on the Acme Cloud Trust Center');
    expect(declined.text).toContain('Your access continues until the end date you were given.');
    expect(declined.text).toContain('Their reason: The audit is over.');
  });

  it('writes the text on the accent in white or near-black, whichever reaches AA contrast', async () => {
    for (const accentColor of ['#fde047', '#4338ca', '#10b981', '#111827']) {
      const organisation = galleryOrganisation({
        customisation: { portalTitle: 'Trust Center', accentColor },
      });
      const brand = mailBrand({ publicUrl: 'https://trust.acme.example' }, organisation);
      const { html } = await renderBrandedMail(brand, {
        subject: 'Check',
        blocks: [{ kind: 'action', text: 'Go', label: 'Go now', url: 'https://trust.acme.example/acme' }],
        reason: 'You receive this because it is a test.',
      });
      const button = /<a[^>]*style="([^"]*background-color:([^;"]+)[^"]*)"[^>]*>/.exec(html)!;
      const textColour = /(?:^|;)color:([^;"]+)/.exec(button[1]!)![1]!;
      expect(button[2]).toBe(accentColor);
      expect(contrastRatio(accentColor, textColour)).toBeGreaterThanOrEqual(minimumTextContrast);
    }
  });

  it('shows names and messages as text, never as markup', async () => {
    const [invite] = await renderMailGallery(galleryOrganisation({ name: 'Acme <b>Cloud</b> & Co' }));
    expect(invite!.mail.html).toContain('Acme &lt;b&gt;Cloud&lt;/b&gt; &amp; Co');
    expect(invite!.mail.html).not.toContain('<b>Cloud</b>');
  });

  it('leaves the logo out when the organisation has none, and keeps its name', async () => {
    const [first] = await renderMailGallery(galleryOrganisation({ logoAssetId: null }));
    expect(first!.mail.html).not.toContain('<img');
    expect(first!.mail.html).toContain('>Acme Cloud</');
  });
});

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
