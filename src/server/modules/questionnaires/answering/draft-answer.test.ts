import { describe, expect, it } from 'vitest';
import { draftAnswer, indexEvidence, splitControlId } from './draft-answer';
import {
  evidenceOf as evidence,
  evidenceFaq as faq,
  evidenceItem as item,
} from './test-support/evidence-builders';

describe('the built-in answerer', () => {
  it('leaves a question nothing settles as needs an answer, with no answer and no source', () => {
    const index = indexEvidence(
      evidence({
        items: [
          item({
            title: 'Data backups',
            catalogueKey: 'data-security.data-backups',
            explanation: 'Daily backups.',
          }),
        ],
      }),
    );
    const draft = draftAnswer(index, 'Do you maintain a software bill of materials for each release?');
    expect(draft).toMatchObject({ answer: null, status: 'needs_answer', confidence: null, sources: [] });
  });

  it('answers yes from an enabled item, citing it, and finds it under any name of the control', () => {
    const mfa = item({
      title: 'Multi-factor authentication',
      catalogueKey: 'product-features.mfa',
      card: 'ProductFeatures',
      cardTitle: 'Product Security Features',
      explanation: 'TOTP apps and security keys; admins can require MFA for users.',
    });
    const index = indexEvidence(evidence({ items: [mfa] }));
    for (const question of [
      'Do you support MFA for users?',
      'Does the product support two-factor authentication for users?',
      'Is 2FA available to users?',
    ]) {
      const draft = draftAnswer(index, question);
      expect(draft.answer, question).toBe('Yes');
      expect(
        draft.sources.map((source) => source.url),
        question,
      ).toEqual([mfa.url]);
    }
  });

  it('says an item in progress is in progress, never yes', () => {
    const index = indexEvidence(
      evidence({
        items: [
          item({
            title: 'SCIM provisioning',
            catalogueKey: 'product-features.scim',
            state: 'WorkInProgress',
            explanation: 'SCIM 2.0 is in beta.',
          }),
        ],
      }),
    );
    const draft = draftAnswer(index, 'Do you support SCIM user provisioning?');
    expect(draft.status).toBe('drafted');
    expect(draft.answer).toBe('In progress: SCIM 2.0 is in beta.');
  });

  it('does not turn a not-enabled item into a no: it asks a person, naming the item', () => {
    const byok = item({
      title: 'HIPAA',
      catalogueKey: 'certifications.hipaa',
      card: 'Certifications',
      cardTitle: 'Compliance',
      state: 'NotEnabled',
    });
    const draft = draftAnswer(indexEvidence(evidence({ items: [byok] })), 'Are you HIPAA compliant?');
    expect(draft).toMatchObject({ answer: null, status: 'needs_answer' });
    expect(draft.note).toMatch(/not enabled/);
  });

  it('leaves it open when an answer and an item disagree', () => {
    const index = indexEvidence(
      evidence({
        items: [
          item({
            title: 'Web application firewall',
            catalogueKey: 'network-security.waf',
            explanation: 'Cloudflare WAF.',
          }),
        ],
        faq: [
          faq(
            'Do you run a web application firewall in front of the app?',
            'No. We rely on network firewalls only.',
          ),
        ],
      }),
    );
    const draft = draftAnswer(index, 'Is a web application firewall in front of the application?');
    expect(draft.status).toBe('needs_answer');
    expect(draft.note).toMatch(/disagree/);
  });

  it('takes the organisation\u2019s own yes or no from a knowledge-base entry asked the same way', () => {
    const entry = faq('Do you have a FedRAMP authorisation?', 'No. We do not serve US federal agencies.');
    const draft = draftAnswer(
      indexEvidence(evidence({ faq: [entry] })),
      'Do you hold a FedRAMP authorization?',
    );
    expect(draft).toMatchObject({ answer: 'No', status: 'drafted' });
    expect(draft.sources[0]).toMatchObject({ kind: 'faq', title: entry.question, editUrl: entry.editUrl });
  });

  it('does not answer a question put in the negative', () => {
    const index = indexEvidence(
      evidence({
        items: [
          item({
            title: 'Encryption at rest',
            catalogueKey: 'data-security.encryption-at-rest',
            explanation: 'AES-256.',
          }),
        ],
      }),
    );
    expect(draftAnswer(index, 'Is any customer data not encrypted at rest?').status).toBe('needs_answer');
  });

  it('answers a compound question only when every part is settled, partly when they differ', () => {
    const rest = item({
      title: 'Encryption at rest',
      catalogueKey: 'data-security.encryption-at-rest',
      explanation: 'Data is encrypted at rest with AES-256.',
    });
    const transit = item({
      title: 'Encryption in transit',
      catalogueKey: 'data-security.encryption-in-transit',
      explanation: 'Data is encrypted in transit with TLS 1.2+.',
    });
    const both = draftAnswer(
      indexEvidence(evidence({ items: [rest, transit] })),
      'Is data encrypted at rest and in transit?',
    );
    expect(both.answer).toBe('Yes');
    expect(both.sources.map((source) => source.url).sort()).toEqual([rest.url, transit.url].sort());
    const half = draftAnswer(
      indexEvidence(evidence({ items: [rest, { ...transit, state: 'WorkInProgress' }] })),
      'Is data encrypted at rest and in transit?',
    );
    expect(half.answer).toBe('Partial');
    const unknown = draftAnswer(
      indexEvidence(evidence({ items: [rest] })),
      'Is data encrypted at rest and in transit?',
    );
    expect(unknown.status).toBe('needs_answer');
  });

  it('does not answer a narrower question from its topic alone', () => {
    const backups = item({
      title: 'Data backups',
      catalogueKey: 'data-security.data-backups',
      explanation: 'Continuous backups with point-in-time recovery; restores are tested every quarter.',
    });
    const index = indexEvidence(evidence({ items: [backups] }));
    expect(draftAnswer(index, 'Are backups performed regularly?').answer).toBe('Yes');
    expect(
      draftAnswer(index, 'Do you support customer-initiated restores of individual records from backup?')
        .status,
    ).toBe('needs_answer');
  });

  it('answers an open question in the source\u2019s words, and "how many" only about the same thing', () => {
    const index = indexEvidence(
      evidence({
        faq: [
          faq(
            'How many employees have production access?',
            'Eleven engineers are eligible for just-in-time access.',
          ),
        ],
      }),
    );
    expect(draftAnswer(index, 'How many employees can access production?').answer).toMatch(
      /Eleven engineers/,
    );
    expect(draftAnswer(index, 'How many customers use the product?').status).toBe('needs_answer');
  });

  it('states figures from the risk profile and lists subprocessors', () => {
    const index = indexEvidence(
      evidence({
        riskProfile: [
          {
            key: 'risk-profile.recovery-time',
            title: 'Recovery time objective',
            value: '4 hours',
            url: 'https://trust.example/item/rto',
            access: 'public',
          },
        ],
        subprocessors: [
          {
            name: 'Amazon Web Services',
            purpose: 'Hosting',
            location: 'Germany',
            details: '',
            url: 'https://trust.example#subprocessors',
            access: 'public',
          },
        ],
      }),
    );
    expect(draftAnswer(index, 'What is your RTO?')).toMatchObject({ answer: '4 hours.', status: 'drafted' });
    expect(draftAnswer(index, 'Which subprocessors do you use?').answer).toBe(
      'Amazon Web Services (Hosting, Germany)',
    );
  });

  it('reads control ids off the front of a question', () => {
    expect(splitControlId('IAM-02.1 Do you use MFA?')).toEqual({
      controlId: 'IAM-02.1',
      text: 'Do you use MFA?',
    });
    expect(splitControlId('A.1.2: Is there a policy?')).toEqual({
      controlId: 'A.1.2',
      text: 'Is there a policy?',
    });
    expect(splitControlId('Do you use MFA?')).toEqual({ controlId: null, text: 'Do you use MFA?' });
  });
});
