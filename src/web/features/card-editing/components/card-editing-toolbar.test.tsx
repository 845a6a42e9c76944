// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { byText, click, type Rendered, renderInDom } from '../../../lib/test-support/render-in-dom';
import { editingViewFixture } from '../test-support/editing-fixtures';
import { CardEditingToolbar } from './card-editing-toolbar';

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
    rendered = await renderInDom(<CardEditingToolbar view={editingViewFixture()} csrfToken="csrf-1" />);
    await click(byText('button', 'Re-order cards')[0]);
    expect(entryLabels()).toEqual(['Data Security', 'Infrastructure']);
  });

  it('lists the sections in Re-order sections', async () => {
    rendered = await renderInDom(<CardEditingToolbar view={editingViewFixture()} csrfToken="csrf-1" />);
    await click(byText('button', 'Re-order sections')[0]);
    expect(entryLabels()).toEqual(['Overview', 'Certifications', 'Documents', 'Cards', 'Help']);
  });

  it('locks Re-order sections without the section customization feature', async () => {
    const view = editingViewFixture();
    rendered = await renderInDom(
      <CardEditingToolbar
        view={{ ...view, planFeatures: { ...view.planFeatures, sectionCustomization: false } }}
        csrfToken="csrf-1"
      />,
    );
    const button = byText('button', 'Re-order sections')[0];
    expect(button?.getAttribute('aria-disabled')).toBe('true');
    await click(button);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
