// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SpecialisedView } from '../../../../../shared/specialised-cards';
import { click, type Rendered, renderInDom, typeInto } from '../../../../lib/test-support/render-in-dom';
import { cardFormFrom } from '../../lib/card-form';
import { cardFixture, editingViewFixture, itemFixture } from '../../test-support/editing-fixtures';
import { CertificationPicker } from './certification-picker';

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
});

const soc2 = itemFixture({ title: 'SOC 2', enabledState: 'Enabled', auditor: 'Schellman' });
const iso = itemFixture({ title: 'ISO 42001', enabledState: 'NotEnabled' });
const custom = itemFixture({ title: 'Our own seal', isCustom: true });
const specialised: SpecialisedView = {
  itemKeys: {
    [soc2.itemUid]: 'certifications.soc-2',
    [iso.itemUid]: 'certifications.iso-42001',
  },
  riskAnswers: {},
  securityGrades: [],
  trustedBy: [],
  subprocessors: [],
  overview: '',
  integrations: [],
};
const view = { ...editingViewFixture(), specialised };
const drafts = cardFormFrom(cardFixture('Certifications', 'Compliance', [soc2, iso, custom])).items;

function option(name: string) {
  return [...document.querySelectorAll('[data-testid="certification-option"]')].find(
    (button) => button.lastElementChild?.textContent === name,
  );
}

describe('CertificationPicker', () => {
  it('offers the catalogue standards (not custom items) with their state, and picks or un-picks', async () => {
    const onPick = vi.fn();
    rendered = await renderInDom(<CertificationPicker view={view} drafts={drafts} onPick={onPick} />);
    const names = [...document.querySelectorAll('[data-testid="certification-option"]')].map(
      (button) => button.lastElementChild?.textContent,
    );
    expect(names).toEqual(['SOC 2', 'ISO 42001']);
    expect(option('SOC 2')?.getAttribute('aria-pressed')).toBe('true');
    expect(option('ISO 42001')?.getAttribute('aria-pressed')).toBe('false');
    expect(rendered.container.textContent).toContain('1 picked');
    await click(option('ISO 42001'));
    expect(onPick).toHaveBeenLastCalledWith(iso.itemUid, true);
    await click(option('SOC 2'));
    expect(onPick).toHaveBeenLastCalledWith(soc2.itemUid, false);
  });

  it("draws each badge with the auditor's variant, and searches the catalogue", async () => {
    const withAuditor = drafts.map((draft) =>
      draft.itemUid === iso.itemUid ? { ...draft, auditor: ' BSI ' } : draft,
    );
    rendered = await renderInDom(<CertificationPicker view={view} drafts={withAuditor} onPick={() => {}} />);
    const ribbon = (name: string) =>
      option(name)?.querySelector('[data-badge-ribbon]')?.getAttribute('data-badge-ribbon');
    expect(ribbon('SOC 2')).toBe('Schellman');
    expect(ribbon('ISO 42001')).toBe('BSI');
    const search = document.querySelector<HTMLInputElement>('input[type="search"]');
    await typeInto(search, 'artificial');
    expect(option('SOC 2')).toBeUndefined();
    expect(option('ISO 42001')).toBeDefined();
    await typeInto(search, 'nothing like this');
    expect(rendered.container.textContent).toContain('No standards match "nothing like this"');
  });
});
