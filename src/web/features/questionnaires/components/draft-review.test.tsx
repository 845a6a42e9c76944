// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  DraftDetail,
  DraftRowView,
  MemberQuestionnaireList,
} from '../../../../shared/questionnaire-drafts';
import { publishMessages } from '../../../../shared/questionnaire-drafts';
import { setCsrfToken } from '../../../lib/api-client';
import { json, stubFetch, writes } from '../../../lib/test-support/fetch-double';
import {
  byText,
  click,
  press,
  type Rendered,
  renderInDom,
  settle,
  waitFor,
} from '../../../lib/test-support/render-in-dom';
import { DraftReview } from './draft-review';
import { MemberQuestionnaires } from './member-questionnaires';

beforeEach(() => setCsrfToken('csrf-1'));

let rendered: Rendered | undefined;
afterEach(async () => {
  await rendered?.unmount();
  rendered = undefined;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const draftId = '11111111-1111-4111-8111-111111111111';
const memberId = '22222222-2222-4222-8222-222222222222';
const row = (position: number, overrides: Partial<DraftRowView>): DraftRowView => ({
  id: `33333333-3333-4333-8333-33333333333${position}`,
  position,
  sheet: 'CAIQ',
  row: position + 2,
  controlId: `IAM-0${position + 1}.1`,
  section: 'Identity',
  question: `Question ${position + 1}?`,
  answer: 'Yes',
  state: 'drafted',
  confidence: 'high',
  note: '',
  sources: [
    {
      kind: 'item',
      title: 'Access Control › MFA',
      url: 'https://trust.example/item/mfa',
      excerpt: 'MFA.',
      access: 'restricted',
    },
  ],
  assigneeStaffUserId: null,
  comment: '',
  ...overrides,
});

function detail(rows: DraftRowView[], draft: Partial<DraftDetail['draft']> = {}): DraftDetail {
  return {
    draft: {
      id: draftId,
      name: 'globex.xlsx',
      format: 'xlsx',
      status: 'ready',
      rowCount: rows.length,
      counts: { pending: 0, drafted: 2, needs_answer: 0, accepted: 0, edited: 0 },
      restrictedRows: 2,
      tokensUsed: 0,
      model: null,
      submissionId: '44444444-4444-4444-8444-444444444444',
      submissionMember: { accountMemberId: memberId, name: 'Hank Scorpio' },
      productId: null,
      audience: { kind: 'staff' },
      createdAt: '2026-11-29T10:00:00.000Z',
      ...draft,
    },
    rows,
  };
}

describe('the questionnaire review grid', () => {
  it('moves with j and accepts with a, through the row API', async () => {
    const rows = [row(0, {}), row(1, { question: 'Second question?' })];
    const calls = stubFetch((call) => {
      if (call.url === '/api/staff-users') return json({ users: [] });
      if (call.method === 'PATCH') return json({ ...rows[1]!, state: 'accepted' });
      if (call.url === `/api/questionnaire-drafts/${draftId}`) return json(detail(rows));
      return undefined;
    });
    rendered = await renderInDom(<DraftReview detail={detail(rows)} />);
    await settle(2);
    expect(document.querySelector('[data-testid="draft-row-panel"] h3')?.textContent).toBe('Question 1?');
    await press(document.body, 'j');
    await waitFor(
      () => document.querySelector('[data-testid="draft-row-panel"] h3')?.textContent === 'Second question?',
    );
    await press(document.body, 'a');
    await settle(2);
    expect(writes(calls)).toEqual([
      {
        url: `/api/questionnaire-drafts/${draftId}/rows/${rows[1]!.id}`,
        method: 'PATCH',
        csrf: 'csrf-1',
        body: { action: 'accept' },
      },
    ]);
    expect(document.body.textContent).toContain('2 answers rest on restricted or hidden content');
    expect(document.body.textContent).toContain('drafted by the built-in answerer');
  });

  it('names the model that drafted a questionnaire and the tokens it used', async () => {
    const drafted = detail([row(0, {})], { model: 'local-model', tokensUsed: 12_345 });
    stubFetch((call) => {
      if (call.url === '/api/staff-users') return json({ users: [] });
      if (call.url === `/api/questionnaire-drafts/${draftId}`) return json(drafted);
      return undefined;
    });
    rendered = await renderInDom(<DraftReview detail={drafted} />);
    await settle(2);
    expect(document.body.textContent).toContain('drafted by local-model, 12,345 tokens');
  });

  it('asks before sending answers the member may not read, then sends them when told to', async () => {
    const rows = [row(0, {})];
    const calls = stubFetch((call) => {
      if (call.url === '/api/staff-users') return json({ users: [] });
      if (call.url === `/api/questionnaire-drafts/${draftId}/publish`) {
        const body = call.body as { confirmUnreadable: boolean };
        return body.confirmUnreadable
          ? json(detail(rows))
          : json({ error: { code: 'conflict', message: publishMessages.unreadable(1) } }, 409);
      }
      return undefined;
    });
    rendered = await renderInDom(<DraftReview detail={detail(rows)} />);
    await settle(2);
    await click(byText('button', 'Send answers to Hank Scorpio')[0]);
    await waitFor(() => byText('[role="alert"]', publishMessages.unreadable(1))[0]);
    await click(byText('button', 'Send anyway')[0]);
    await waitFor(() => byText('span', /^Sent to Hank Scorpio/)[0]);
    expect(writes(calls).map((call) => call.body)).toEqual([
      { confirmUnreadable: false },
      { confirmUnreadable: true },
    ]);
  });
});

describe('the member\u2019s questionnaires', () => {
  it('shows each questionnaire\u2019s status and offers the answers once they are sent', async () => {
    const list: MemberQuestionnaireList = {
      questionnaires: [
        {
          id: '55555555-5555-4555-8555-555555555555',
          name: 'globex.xlsx',
          submittedAt: '2026-11-20T10:00:00.000Z',
          status: 'answered',
          answeredAt: '2026-11-28T10:00:00.000Z',
          downloadUrl:
            '/api/statuspage/share/acme/questionnaires/55555555-5555-4555-8555-555555555555/answered',
        },
        {
          id: '66666666-6666-4666-8666-666666666666',
          name: 'https://forms.globex.example/review',
          submittedAt: '2026-11-27T10:00:00.000Z',
          status: 'in_review',
          answeredAt: null,
          downloadUrl: null,
        },
      ],
    };
    stubFetch((call) => (call.url === '/api/statuspage/share/acme/questionnaires' ? json(list) : undefined));
    rendered = await renderInDom(<MemberQuestionnaires organisationSlug="acme" />);
    await waitFor(() => document.querySelector('[data-testid="member-questionnaires"]'));
    const items = [...document.querySelectorAll('[data-testid="member-questionnaires"] li')].map(
      (item) => item.textContent,
    );
    expect(items[0]).toMatch(/^globex\.xlsxAnswered .*Download answers$/);
    expect(items[1]).toMatch(/^https:\/\/forms\.globex\.example\/reviewIn review · sent /);
    expect(document.querySelector('[data-testid="member-questionnaires"] a')?.getAttribute('href')).toBe(
      list.questionnaires[0]!.downloadUrl,
    );
  });
});
