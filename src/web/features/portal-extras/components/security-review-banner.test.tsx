// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PortalCustomisation } from '../../../../shared/portal';
import { portalQueryChangeEvent } from '../../../lib/portal-query';
import { type Rendered, renderInDom } from '../../../lib/test-support/render-in-dom';
import { SecurityReviewBanner } from './security-review-banner';

const medium = { ...PortalCustomisation.parse({}), securityReviewBanner: 'medium' as const };
let rendered: Rendered | undefined;

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  window.history.replaceState(null, '', '/');
});

describe('SecurityReviewBanner in the page', () => {
  it("opens the request tab in place, like the header's Sign in: no reload, the change announced", async () => {
    window.history.replaceState(null, '', '/acme?product=payroll&loginRequest=true');
    rendered = await renderInDom(<SecurityReviewBanner customisation={medium} mode="public" />);
    const link = rendered.container.querySelector('a');
    let heard = 0;
    const listener = () => heard++;
    window.addEventListener(portalQueryChangeEvent, listener);
    let isFollowedByBrowser = true;
    await act(async () => {
      isFollowedByBrowser = link!.dispatchEvent(
        new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }),
      );
    });
    window.removeEventListener(portalQueryChangeEvent, listener);
    expect(isFollowedByBrowser).toBe(false);
    expect(heard).toBe(1);
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
      product: 'payroll',
      requestAccess: 'true',
      source: 'banner',
    });
  });

  it('leaves a click with a modifier to the browser (a new tab)', async () => {
    rendered = await renderInDom(<SecurityReviewBanner customisation={medium} mode="public" />);
    const link = rendered.container.querySelector('a');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    await act(async () => {
      link!.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(false);
    expect(window.location.search).toBe('');
  });
});
