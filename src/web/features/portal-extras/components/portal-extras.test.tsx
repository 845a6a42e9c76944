import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PortalCustomisation, type ViewerMode } from '../../../../shared/portal';
import { HelpSection } from './help-section';
import { SecurityReviewBanner } from './security-review-banner';
import { ShareCard } from './share-card';
import { SharePanel } from './share-panel';

const off = PortalCustomisation.parse({});
const mailboxes = { supportMailbox: 'support@acme.example', securityMailbox: 'security@acme.example' };
const bothOn = PortalCustomisation.parse({
  ...mailboxes,
  contactSupport: { onClickAction: 'send_email', isEnabled: true },
  reportIssue: { onClickAction: 'direct_to_site', reportUrl: 'https://acme.example/report', isEnabled: true },
});
const external: ViewerMode[] = ['public', 'account_external'];

const help = (customisation: PortalCustomisation, mode: ViewerMode) =>
  renderToString(<HelpSection customisation={customisation} mode={mode} />);
const banner = (customisation: PortalCustomisation, mode: ViewerMode) =>
  renderToString(<SecurityReviewBanner customisation={customisation} mode={mode} />);

describe('HelpSection', () => {
  it('sends Contact support by e-mail and opens the report site in a new tab', () => {
    const html = help(bothOn, 'public');
    expect(html).toContain('href="mailto:support@acme.example"');
    expect(html).toMatch(/href="https:\/\/acme.example\/report" target="_blank" rel="noopener noreferrer"/);
    expect(html).toContain('Contact support');
    expect(html).toContain('Report issue');
    expect(html).not.toContain('/console/settings');
  });

  it('shows visitors only the enabled rows, and nothing at all when neither is enabled', () => {
    const supportOnly = { ...bothOn, reportIssue: { ...bothOn.reportIssue, isEnabled: false } };
    for (const mode of [...external, 'preview'] as const) {
      expect(help(off, mode)).toBe('');
      const html = help(supportOnly, mode);
      expect(html).toContain('Contact support');
      expect(html).not.toContain('Report issue');
    }
  });

  it('treats a row without its mailbox or site as not enabled', () => {
    const noTargets = {
      ...bothOn,
      supportMailbox: null,
      reportIssue: { ...bothOn.reportIssue, reportUrl: null },
    };
    expect(help(noTargets, 'public')).toBe('');
  });

  it('in main mode shows both rows, the ones not enabled disabled with a settings hint', () => {
    const html = help(off, 'main');
    expect(html).toContain('Contact support');
    expect(html).toContain('Report issue');
    expect(html.match(/aria-disabled="true"/g)).toHaveLength(2);
    expect(html.match(/href="\/console\/settings"/g)).toHaveLength(2);
    expect(html).not.toContain('mailto:');

    const enabled = help(bothOn, 'main');
    expect(enabled).not.toContain('aria-disabled');
    expect(enabled).toContain('href="mailto:support@acme.example"');
  });
});

describe('SecurityReviewBanner', () => {
  const medium = { ...off, securityReviewBanner: 'medium' as const, askInformation: true };

  it('shows the public the title, at medium size both subtitles, and the access link', () => {
    const html = banner(medium, 'public');
    expect(html).toContain('Start your security review');
    expect(html).toContain('View &amp; download sensitive information');
    expect(html).toContain('Ask for information');
    expect(html).toContain('href="?requestAccess=true&amp;source=banner"');
  });

  it('is not shown to a signed-in member whose access is granted: the review has been done (decision 230)', () => {
    expect(banner(medium, 'account_external')).toBe('');
    expect(banner({ ...medium, securityReviewBanner: 'small' }, 'account_external')).toBe('');
  });

  it('leaves out Ask for information when the setting is off, and all subtitles at small size', () => {
    const noAsk = banner({ ...medium, askInformation: false }, 'public');
    expect(noAsk).toContain('View &amp; download sensitive information');
    expect(noAsk).not.toContain('Ask for information');
    const small = banner({ ...medium, securityReviewBanner: 'small' }, 'public');
    expect(small).toContain('Start your security review');
    expect(small).not.toContain('View &amp; download');
    expect(small).not.toContain('Ask for information');
  });

  it('is never shown in main or preview mode, nor when the setting is none', () => {
    expect(banner(medium, 'main')).toBe('');
    expect(banner(medium, 'preview')).toBe('');
    expect(banner({ ...medium, securityReviewBanner: 'none' }, 'public')).toBe('');
  });
});

describe('Share', () => {
  const publicUrl = 'https://trust.acme.example/acme?x=1';

  it('offers Copy link, LinkedIn with the encoded address in a new window, and e-mail with it in the body', () => {
    const html = renderToString(<SharePanel publicUrl={publicUrl} organisationName="Acme Cloud" />);
    expect(html).toContain('Copy link');
    expect(html).not.toContain('Copied!');
    expect(html).toContain(
      'href="https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Ftrust.acme.example%2Facme%3Fx%3D1" target="_blank" rel="noopener noreferrer"',
    );
    expect(html).toContain('Share to LinkedIn');
    expect(html).toContain('body=https%3A%2F%2Ftrust.acme.example%2Facme%3Fx%3D1');
    expect(html).toContain('Share via email');
  });

  it('says links are disabled without a public url, in the card too', () => {
    const html = renderToString(<ShareCard publicUrl="" organisationName="Acme Cloud" />);
    expect(html).toContain('Share links will be disabled until a public portal is published');
    expect(html).not.toContain('Copy link');
    expect(html).not.toContain('linkedin');
  });
});
