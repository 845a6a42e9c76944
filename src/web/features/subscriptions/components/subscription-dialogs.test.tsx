import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/messages';
import { Dialog } from '../../../components/ui/dialog';
import { englishTranslator } from '../../../lib/test-support/english-translator';
import { subscribeResultTexts } from '../lib/subscription-texts';
import { viewFixture } from '../test-support/view-fixture';
import { AgreementNote } from './subscribe-popover';
import { SubscribeResultActions } from './subscribe-result-dialog';
import { SubscriptionEntry } from './subscription-entry';
import { unsubscribeConfirmTexts, unsubscribeFailedTexts } from './unsubscribe-dialog';

const decode = (html: string) =>
  html.replaceAll('<!-- -->', '').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');

describe('subscribe result modal', () => {
  it('Confirmed: Subscription confirmed with a Done button', () => {
    const texts = subscribeResultTexts(englishTranslator, 'Confirmed', 'Acme Cloud', 'support@acme.example');
    expect(texts).toMatchObject({ title: 'Subscription confirmed', supportNote: null, action: 'done' });
    const html = renderToString(
      <Dialog open>
        <SubscribeResultActions status="Confirmed" view={viewFixture()} basePath="/acme" />
      </Dialog>,
    );
    expect(html).toContain('>Done</button>');
    expect(html).not.toContain('contact support');
  });

  it('Blocked: Subscription failed, the blocked text and a contact-support note', () => {
    const texts = subscribeResultTexts(englishTranslator, 'Blocked', 'Acme Cloud', 'support@acme.example');
    expect(texts).toMatchObject({
      title: 'Subscription failed',
      description: 'You are blocked from subscribing to updates...',
      supportNote: 'Please contact support at support@acme.example',
    });
    const html = renderToString(
      <Dialog open>
        <SubscribeResultActions status="Blocked" view={viewFixture()} basePath="/acme" />
      </Dialog>,
    );
    expect(html).toContain('Please contact support at support@acme.example');
  });

  it('TokenInvalid: Subscription failed, link expired, and Try again to the portal with subscribe=true', () => {
    const texts = subscribeResultTexts(englishTranslator, 'TokenInvalid', 'Acme Cloud', null);
    expect(texts).toMatchObject({
      title: 'Subscription failed',
      description: 'Your subscription link expired. Please try to subscribe again.',
      action: 'try_again',
    });
    const html = renderToString(
      <Dialog open>
        <SubscribeResultActions status="TokenInvalid" view={viewFixture()} basePath="/acme" />
      </Dialog>,
    );
    expect(html).toMatch(/<a href="\/acme\?subscribe=true"[^>]*>Try again<\/a>/);
    const onCustomDomain = renderToString(
      <Dialog open>
        <SubscribeResultActions status="TokenInvalid" view={viewFixture()} basePath="" />
      </Dialog>,
    );
    expect(onCustomDomain).toContain('href="/?subscribe=true"');
  });
});

describe('unsubscribe dialog', () => {
  it('asks to confirm for the e-mail the token names', () => {
    expect(unsubscribeConfirmTexts(englishTranslator, 'Acme Cloud', 'ada@customer.example')).toEqual({
      title: 'Unsubscribe from Acme Cloud updates?',
      description: 'ada@customer.example will no longer receive Acme Cloud updates by e-mail.',
    });
  });

  it('on failure: Unsubscribe failed, link expired, contact support at the website host', () => {
    expect(unsubscribeFailedTexts(englishTranslator, 'https://www.acme.example/security')).toEqual({
      title: 'Unsubscribe failed',
      description: 'Your unsubscribe link expired',
      supportNote: 'Please contact support at support@acme.example',
    });
    expect(unsubscribeFailedTexts(englishTranslator, null).supportNote).toBe(
      'Please contact the organisation for help.',
    );
    expect(messages.unsubscribed).toBe('You have been unsubscribed to updates');
  });
});

describe('subscribe popover and button', () => {
  it('notes the agreement with the organisation terms and the platform privacy notice', () => {
    const html = decode(renderToString(<AgreementNote view={viewFixture()} />));
    expect(html).toContain("By subscribing you agree to receive e-mails about Acme Cloud's updates");
    expect(html).toMatch(/<a href="https:\/\/acme.example\/terms"[^>]*>Terms of Service<\/a>/);
    expect(html).toMatch(/<a href="https:\/\/attest.example\/privacy"[^>]*>Privacy Notice<\/a>/);
  });

  it('shows the Subscribe button when subscribing is on, except in Main mode', () => {
    const render = (view = viewFixture()) =>
      renderToString(
        <SubscriptionEntry view={view} basePath="/acme" canOpenDialogs={false} hasPageToaster={false} />,
      );
    expect(render()).toContain('data-testid="subscribe-button"');
    const view = viewFixture();
    expect(render({ ...view, viewer: { ...view.viewer, mode: 'preview' } })).toContain('subscribe-button');
    expect(render({ ...view, viewer: { ...view.viewer, mode: 'main' } })).not.toContain('subscribe-button');
    expect(
      render({ ...view, customisation: { ...view.customisation, subscribeEnabled: false } }),
    ).not.toContain('subscribe-button');
  });
});
