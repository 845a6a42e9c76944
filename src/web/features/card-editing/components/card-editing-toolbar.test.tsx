// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCsrfToken } from '../../../lib/api-client';
import { byText, click, type Rendered, renderInDom } from '../../../lib/test-support/render-in-dom';
import { editingViewFixture } from '../test-support/editing-fixtures';
import { CardEditingToolbar } from './card-editing-toolbar';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
});

const entryLabels = () =>
  [...document.querySelectorAll('[data-testid="reorder-label"]')].map((label) => label.textContent);

describe('CardEditingToolbar', () => {
  it('lists the grid cards in Re-order cards, without the cards that live in their own section', async () => {
    rendered = await renderInDom(<CardEditingToolbar view={editingViewFixture()} />);
    await click(byText('button', 'Re-order cards')[0]);
    expect(entryLabels()).toEqual(['Data Security', 'Infrastructure']);
  });

  it('lists the sections in Re-order sections', async () => {
    rendered = await renderInDom(<CardEditingToolbar view={editingViewFixture()} />);
    await click(byText('button', 'Re-order sections')[0]);
    expect(entryLabels()).toEqual(['Overview', 'Certifications', 'Documents', 'Cards', 'Help']);
  });

  it('locks Re-order sections without the section customization feature', async () => {
    const view = editingViewFixture();
    rendered = await renderInDom(
      <CardEditingToolbar
        view={{ ...view, planFeatures: { ...view.planFeatures, sectionCustomization: false } }}
      />,
    );
    const button = byText('button', 'Re-order sections')[0];
    expect(button?.getAttribute('aria-disabled')).toBe('true');
    await click(button);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
