// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { type Rendered, renderInDom } from '../../../lib/test-support/render-in-dom';
import CookieSettingsDialog from './cookie-settings-dialog';

let rendered: Rendered | undefined;

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
});

describe('CookieSettingsDialog', () => {
  it('says what the portal keeps and records, the first-party visitor id and events included', async () => {
    rendered = await renderInDom(<CookieSettingsDialog organisationName="Acme" onClose={() => {}} />);
    const text = document.querySelector('[role="dialog"]')?.textContent ?? '';
    expect(text).not.toMatch(/nothing tracks you|no analytics/i);
    expect(text).toContain('Visit statistics');
    expect(text).toContain('A random visitor id in your browser');
    expect(text).toContain('the words you search for');
    expect(text).toContain('so Acme can see how the portal is used');
    expect(text).toContain('nothing is shared with advertisers');
  });
});
