import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../shared/permissions';
import { riskMessages } from '../../../shared/risk-profile-catalogue';
import { gradeMessages } from '../../../shared/security-grade-catalogue';
import { type SpecialisedView, specialisedMessages } from '../../../shared/specialised-cards';
import { items } from '../../db/schema';
import { createOrganisation, createStaffUser, findCatalogueItem, updateCard } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function setUp(options: { role?: StaffRole } = {}) {
  const db = t.database.db;
  const { organisation, product } = await createOrganisation(db);
  const staff = await createStaffUser(db, organisation.id, { role: options.role });
  const session = await createTestSession(db, { organisationId: organisation.id, staffUserId: staff.id });
  const base = `/api/trust-center/products/${product.id}`;
  const send = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      payload: payload as never,
      cookies: session.cookies,
      headers: session.headers,
    });
  const viewPath = `/api/statuspage/share/${organisation.slug}/view`;
  const publicView = async (): Promise<{
    specialised: SpecialisedView;
    cards: { kind: string; items: { itemUid: string }[] }[];
  }> => (await t.app.inject({ url: viewPath })).json();
  const staffView = async (): Promise<{ specialised: SpecialisedView }> =>
    (await t.app.inject({ url: viewPath, cookies: session.cookies })).json();
  const enable = (key: string, values: Partial<typeof items.$inferInsert> = {}) =>
    findCatalogueItem(db, product.id, key).then(async (item) => {
      await db
        .update(items)
        .set({ enabledState: 'Enabled', ...values })
        .where(eq(items.id, item.id));
      return item;
    });
  return { db, organisation, product, base, send, publicView, staffView, enable };
}

function fieldMessages(response: { json: () => { error: { fields?: Record<string, string> } } }) {
  return Object.values(response.json().error.fields ?? {});
}

describe('risk profile answers', () => {
  it('saves choices and custom times, refuses answers outside each question, and null is No Answer', async () => {
    const s = await setUp();
    const dataAccess = await s.enable('risk-profile.data-access');
    const recovery = await s.enable('risk-profile.recovery-time');
    const hosting = await s.enable('risk-profile.hosting');

    const saved = await s.send('PUT', `${s.base}/risk-profile`, {
      answers: [
        { itemUid: dataAccess.id, answer: { choice: 'restricted' } },
        { itemUid: recovery.id, answer: { choice: 'custom', unit: 'hours', number: 12 } },
        { itemUid: hosting.id, answer: { choice: 'major_cloud' } },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect((await s.publicView()).specialised.riskAnswers).toEqual({
      [dataAccess.id]: { choice: 'restricted' },
      [recovery.id]: { choice: 'custom', unit: 'hours', number: 12 },
      [hosting.id]: { choice: 'major_cloud' },
    });

    for (const [itemUid, answer, message] of [
      [recovery.id, { choice: 'custom', unit: 'hours', number: 100 }, riskMessages.customRange],
      [recovery.id, { choice: 'custom', unit: 'hours', number: -1 }, riskMessages.customRange],
      [recovery.id, { choice: 'custom', unit: 'days', number: 1.5 }, riskMessages.customRange],
      [dataAccess.id, { choice: 'custom', unit: 'hours', number: 3 }, riskMessages.invalidChoice],
      [dataAccess.id, { choice: 'severe' }, riskMessages.invalidChoice],
      [hosting.id, { choice: 'yes' }, riskMessages.invalidChoice],
    ] as const) {
      const refused = await s.send('PUT', `${s.base}/risk-profile`, { answers: [{ itemUid, answer }] });
      expect(refused.statusCode, JSON.stringify(answer)).toBe(400);
      expect(fieldMessages(refused)).toContain(message);
    }

    const cleared = await s.send('PUT', `${s.base}/risk-profile`, {
      answers: [{ itemUid: hosting.id, answer: null }],
    });
    expect(cleared.statusCode).toBe(200);
    expect((await s.publicView()).specialised.riskAnswers[hosting.id]).toBeUndefined();
  });

  it('refuses items of another card and staff without statuspage:edit', async () => {
    const s = await setUp();
    const grade = await s.enable('security-grades.bitsight');
    const refused = await s.send('PUT', `${s.base}/risk-profile`, {
      answers: [{ itemUid: grade.id, answer: { choice: 'yes' } }],
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldMessages(refused)).toContain(specialisedMessages.notSpecialisedItem);

    const reader = await setUp({ role: 'viewer' });
    const question = await reader.enable('risk-profile.impact');
    const forbidden = await reader.send('PUT', `${reader.base}/risk-profile`, {
      answers: [{ itemUid: question.id, answer: { choice: 'low' } }],
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('keeps the answer of a restricted question from visitors who may not read it', async () => {
    const s = await setUp();
    const impact = await s.enable('risk-profile.impact', { isPublic: false });
    await s.send('PUT', `${s.base}/risk-profile`, {
      answers: [{ itemUid: impact.id, answer: { choice: 'severe' } }],
    });
    expect((await s.publicView()).specialised.riskAnswers[impact.id]).toBeUndefined();
    expect((await s.staffView()).specialised.riskAnswers[impact.id]).toEqual({ choice: 'severe' });
  });
});

describe('security grades', () => {
  const cases: [provider: string, entry: { url?: string; grade?: string }, field: string, message: string][] =
    [
      ['bitsight', { url: 'acme.example', grade: '299' }, 'grade', gradeMessages.invalidGrade],
      ['bitsight', { url: 'acme.example', grade: '821' }, 'grade', gradeMessages.invalidGrade],
      ['bitsight', { url: 'https://acme.example', grade: '700' }, 'url', gradeMessages.invalidDomain],
      ['bitsight', { url: 'www.acme.example', grade: '700' }, 'url', gradeMessages.invalidDomain],
      ['bitsight', { url: '', grade: '700' }, 'url', gradeMessages.urlRequired],
      ['black-kite', { url: 'acme.example', grade: 'A++' }, 'grade', gradeMessages.invalidGrade],
      ['upguard', { url: 'acme.example', grade: '951' }, 'grade', gradeMessages.invalidGrade],
      ['upguard', { url: 'acme.example', grade: 'B+' }, 'grade', gradeMessages.invalidGrade],
      ['upguard', { url: 'acme.example', grade: 'F' }, 'grade', gradeMessages.invalidGrade],
      ['cybervadis', { grade: '1001' }, 'grade', gradeMessages.invalidGrade],
      ['cybervadis', { grade: '' }, 'grade', gradeMessages.gradeRequired],
      ['riskrecon', { grade: '7.25' }, 'grade', gradeMessages.invalidGrade],
      ['riskrecon', { grade: '10.1' }, 'grade', gradeMessages.invalidGrade],
      ['riskrecon', { grade: 'E' }, 'grade', gradeMessages.invalidGrade],
      ['cis-benchmark', { grade: '6' }, 'grade', gradeMessages.invalidGrade],
      [
        'ssl-labs',
        { url: 'https://www.ssllabs.com/other?d=acme.example' },
        'url',
        gradeMessages.invalidPrefix('https://www.ssllabs.com/ssltest/analyze.html?d=example.com'),
      ],
      [
        'security-headers',
        { url: 'https://securityheaders.com/?x=acme.example' },
        'url',
        gradeMessages.invalidPrefix('https://securityheaders.com/?q=example.com'),
      ],
      [
        'immuniweb',
        { url: 'https://evil.example/websec/' },
        'url',
        gradeMessages.invalidPrefix('https://www.immuniweb.com/websec/example.com/'),
      ],
      [
        'dmarcian',
        { url: 'https://dmarcian.com/domain-checker/' },
        'url',
        gradeMessages.invalidPrefix('https://dmarcian.com/domain-checker/?domain=example.com'),
      ],
      [
        'mozilla-observatory',
        { url: 'https://observatory.mozilla.org/scan' },
        'url',
        gradeMessages.invalidPrefix('https://observatory.mozilla.org/analyze/example.com'),
      ],
      [
        'hardenize',
        { url: 'https://hardenize.example/report' },
        'url',
        gradeMessages.invalidPrefix('https://www.hardenize.com/report/example.com'),
      ],
      ['security-scorecard', { url: 'acme.example', grade: '' }, 'grade', gradeMessages.getGradeFirst],
    ];

  it.each(cases)('%s refuses %j with the message on %s', async (provider, entry, field, message) => {
    const s = await setUp();
    const item = await s.enable(`security-grades.${provider}`);
    const response = await s.send('PUT', `${s.base}/security-grades/${item.id}`, {
      label: 'Rating',
      ...entry,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[field]).toBe(message);
  });

  it('requires a display name and saves valid entries of every kind', async () => {
    const s = await setUp();
    const bitsight = await s.enable('security-grades.bitsight');
    const nameless = await s.send('PUT', `${s.base}/security-grades/${bitsight.id}`, {
      label: ' ',
      url: 'acme.example',
      grade: '700',
    });
    expect(nameless.json().error.fields.label).toBe(gradeMessages.displayNameRequired);

    const valid: [string, { url?: string; grade?: string }][] = [
      ['bitsight', { url: 'acme.example', grade: '820' }],
      ['black-kite', { url: 'acme.example', grade: 'A+' }],
      ['upguard', { url: 'acme.example', grade: 'E' }],
      ['cybervadis', { grade: '1000' }],
      ['riskrecon', { grade: '9.5' }],
      ['cis-benchmark', { grade: '4' }],
      ['ssl-labs', { url: 'https://www.ssllabs.com/ssltest/analyze.html?d=acme.example', grade: 'A+' }],
      ['security-headers', { url: 'https://securityheaders.com/?q=acme.example' }],
      ['security-scorecard', { url: 'acme.example', grade: 'B' }],
    ];
    for (const [provider, entry] of valid) {
      const item = await s.enable(`security-grades.${provider}`);
      const response = await s.send('PUT', `${s.base}/security-grades/${item.id}`, {
        label: provider,
        ...entry,
      });
      expect(response.statusCode, provider).toBe(200);
    }
    const grades = (await s.publicView()).specialised.securityGrades;
    expect(grades).toHaveLength(valid.length);
    expect(grades.find((entry) => entry.label === 'riskrecon')?.grade).toBe('9.5');
  });
});

describe('security grades in the card order', () => {
  it('lists the entries as the card orders its items, whatever order they were saved in', async () => {
    const s = await setUp();
    // Saved in the reverse of the card's order, so the table's own order would show.
    const saved: [string, { url?: string; grade?: string }, number | null][] = [
      ['ssl-labs', { url: 'https://www.ssllabs.com/ssltest/analyze.html?d=acme.example', grade: 'A' }, null],
      ['security-scorecard', { url: 'acme.example', grade: 'B' }, null],
      ['bitsight', { url: 'acme.example', grade: '820' }, 5],
      ['black-kite', { url: 'acme.example', grade: 'A+' }, 4],
      ['upguard', { url: 'acme.example', grade: 'E' }, 3],
      ['cybervadis', { grade: '1000' }, 2],
      ['riskrecon', { grade: '9.5' }, 1],
      ['cis-benchmark', { grade: '4' }, 0],
    ];
    for (const [provider, entry, position] of saved) {
      const item = await s.enable(`security-grades.${provider}`, { position });
      const response = await s.send('PUT', `${s.base}/security-grades/${item.id}`, {
        label: provider,
        ...entry,
      });
      expect(response.statusCode, provider).toBe(200);
    }
    const view = await s.publicView();
    const grades = view.specialised.securityGrades;
    // Positions first, then the card's own priority (Security Scorecard), then the title.
    expect(grades.map((entry) => entry.label)).toEqual([
      'cis-benchmark',
      'riskrecon',
      'cybervadis',
      'upguard',
      'black-kite',
      'bitsight',
      'security-scorecard',
      'ssl-labs',
    ]);
    const cardOrder = view.cards
      .find((card) => card.kind === 'SecurityGrades')!
      .items.map((item) => item.itemUid);
    const graded = new Set(grades.map((entry) => entry.itemUid));
    expect(grades.map((entry) => entry.itemUid)).toEqual(cardOrder.filter((itemUid) => graded.has(itemUid)));
  });
});

describe('subprocessors, trusted by and overview', () => {
  it('adds, edits and deletes subprocessors and reports what was added and removed', async () => {
    const s = await setUp();
    const added = await s.send('POST', `${s.base}/subprocessors`, {
      company: { source: 'addendum', companyId: 'aws' },
      purpose: 'Hosting',
      location: 'Ireland',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ added: ['Amazon Web Services'], removed: [] });
    const id = added.json().subprocessor.id;

    const edited = await s.send('PATCH', `${s.base}/subprocessors/${id}`, {
      company: { source: 'custom', name: 'Hetzner' },
      purpose: 'Hosting',
    });
    expect(edited.json()).toMatchObject({ added: ['Hetzner'], removed: ['Amazon Web Services'] });
    expect((await s.publicView()).specialised.subprocessors).toMatchObject([
      {
        company: { source: 'custom', name: 'Hetzner' },
        purpose: 'Hosting',
        location: '',
        additionalDetails: '',
      },
    ]);

    const missingCompany = await s.send('POST', `${s.base}/subprocessors`, {
      company: { source: 'custom', name: '  ' },
    });
    expect(missingCompany.statusCode).toBe(400);
    expect(fieldMessages(missingCompany)).toContain(specialisedMessages.required);

    const deleted = await s.send('DELETE', `${s.base}/subprocessors/${id}`);
    expect(deleted.json()).toMatchObject({ added: [], removed: ['Hetzner'] });
    expect((await s.send('DELETE', `${s.base}/subprocessors/${id}`)).statusCode).toBe(404);
    expect((await s.publicView()).specialised.subprocessors).toEqual([]);
  });

  it('keeps the data of a hidden card from visitors', async () => {
    const s = await setUp();
    await s.send('POST', `${s.base}/subprocessors`, { company: { source: 'custom', name: 'Hetzner' } });
    await s.send('PUT', `${s.base}/trusted-by`, {
      companies: [
        {
          source: 'brandfetch',
          domain: 'globex.example',
          logo: 'https://cdn.example/globex.svg',
          name: 'Globex',
        },
        { source: 'clearbit', domain: 'initech.example', logo: null, name: 'Initech' },
        { source: 'custom', name: 'Umbrella' },
      ],
    });
    expect((await s.publicView()).specialised.trustedBy.map((company) => company.source)).toEqual([
      'brandfetch',
      'clearbit',
      'custom',
    ]);
    await updateCard(s.db, s.product.id, 'Subprocessors', { isHidden: true });
    await updateCard(s.db, s.product.id, 'TrustedBy', { isHidden: true });
    // The factory writes behind the app's back, so the shared public model is dropped by hand.
    t.providers.cache.invalidate(s.organisation.id);
    const view = await s.publicView();
    expect(view.specialised.subprocessors).toEqual([]);
    expect(view.specialised.trustedBy).toEqual([]);
    expect((await s.staffView()).specialised.subprocessors).toHaveLength(1);
  });

  it('refuses trusted-by logos that are not https and saves the overview text', async () => {
    const s = await setUp();
    const refused = await s.send('PUT', `${s.base}/trusted-by`, {
      companies: [
        { source: 'brandfetch', domain: 'globex.example', logo: 'http://cdn.example/x.svg', name: 'Globex' },
      ],
    });
    expect(refused.statusCode).toBe(400);
    const saved = await s.send('PUT', `${s.base}/overview`, { body: 'We run payroll for 4,000 companies.' });
    expect(saved.statusCode).toBe(200);
    expect((await s.publicView()).specialised.overview).toBe('We run payroll for 4,000 companies.');
    const tooLong = await s.send('PUT', `${s.base}/overview`, { body: 'x'.repeat(5001) });
    expect(fieldMessages(tooLong)).toContain(specialisedMessages.overviewTooLong);
  });

  it('searches the built-in companies for staff only', async () => {
    const s = await setUp();
    const found = await s.send('GET', '/api/companies?text=cloud');
    expect(found.json().companies.map((company: { companyId: string }) => company.companyId)).toEqual([
      'google-cloud',
      'cloudflare',
    ]);
    expect((await s.send('GET', '/api/companies')).json().companies).toHaveLength(21);
    expect((await t.app.inject({ url: '/api/companies?text=aws' })).statusCode).toBe(401);
  });
});
