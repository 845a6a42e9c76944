// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptySpecialisedView } from '../../../../../shared/specialised-cards';
import { setCsrfToken } from '../../../../lib/api-client';
import {
  byText,
  click,
  type Rendered,
  renderInDom,
  settle,
  typeInto,
} from '../../../../lib/test-support/render-in-dom';
import { cardFixture, editingViewFixture, itemFixture } from '../../test-support/editing-fixtures';
import { SpecialisedDrawerEditor } from './specialised-drawer-editor';

// The page's session token, held by the API client as hydration or the session query sets it.
beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
let requestedUrls: string[] = [];
let answer: () => Response;

beforeEach(() => {
  requestedUrls = [];
  answer = () => new Response(JSON.stringify({ grade: 'A' }), { status: 200 });
  vi.stubGlobal('fetch', async (url: string) => {
    requestedUrls.push(url);
    return answer();
  });
});

afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const scorecard = itemFixture({ title: 'SecurityScorecard' });
const card = cardFixture('SecurityGrades', 'Security Grades', [scorecard]);
const view = editingViewFixture({
  cards: [card],
  specialised: {
    ...emptySpecialisedView,
    itemKeys: { [scorecard.itemUid]: 'security-grades.security-scorecard' },
  },
});

// Inside the drawer's editor, so Save is the card's one Save that validates and saves every entry.
async function renderEditor() {
  rendered = await renderInDom(
    <SpecialisedDrawerEditor view={view} card={card} onDone={() => {}} onDirtyChange={() => {}} />,
  );
}

const domainField = () =>
  document.querySelector<HTMLInputElement>(
    '[data-provider="security-scorecard"] input[placeholder="example.com"]',
  );
const button = (text: string) => byText<HTMLButtonElement>('button', text)[0];
const alerts = () => [...document.querySelectorAll('[role="alert"]')].map((node) => node.textContent);

describe('SecurityGradesEditor, the scorecard entry (spec 2 §5, §8)', () => {
  it("answers a bad domain on Get Grade with 'Domain is invalid. Please try a different name.' without asking", async () => {
    await renderEditor();
    await typeInto(domainField(), 'https://www.acme');
    await click(button('Get Grade'));
    await settle();
    expect(alerts()).toContain('Domain is invalid. Please try a different name.');
    expect(requestedUrls).toEqual([]);
  });

  it('after a failed Get Grade, Save asks for a grade: \'Click on "Get Grade" button.\'', async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          error: {
            code: 'unavailable',
            message: 'Server error. Please try again.',
            fields: { grade: 'Server error. Please try again.' },
          },
        }),
        { status: 503 },
      );
    await renderEditor();
    await typeInto(domainField(), 'acme.example');
    await click(button('Get Grade'));
    await settle();
    expect(alerts()).toContain('Server error. Please try again.');

    await click(button('Save'));
    await settle();
    expect(alerts()).toContain('Click on "Get Grade" button.');
    expect(alerts()).not.toContain('Server error. Please try again.');
    expect(requestedUrls).toEqual(['/api/integrations/ssc/acme.example']);
  });
});
