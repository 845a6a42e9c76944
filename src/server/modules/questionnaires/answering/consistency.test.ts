import { describe, expect, it } from 'vitest';
import { durationsIn, findContradictions } from './consistency';
import { indexEvidence } from './draft-answer';
import { evidenceOf as evidence, evidenceItem, evidenceFaq as faq } from './test-support/evidence-builders';

/** A certification card's item unless told otherwise. */
const item: typeof evidenceItem = (overrides) =>
  evidenceItem({ card: 'Certifications', cardTitle: 'Compliance', ...overrides });

describe('consistency of the trust center', () => {
  it('finds nothing in content that agrees with itself', () => {
    const index = indexEvidence(
      evidence({
        items: [
          item({
            title: 'SOC 2',
            catalogueKey: 'certifications.soc-2',
            explanation: 'Audited yearly.',
            auditor: 'Schellman',
          }),
        ],
        faq: [
          faq('Who performs your SOC 2 audit?', 'Schellman, an independent CPA firm.'),
          faq('How quickly do you notify customers of a breach?', 'Within 48 hours.'),
        ],
      }),
    );
    expect(findContradictions(index)).toEqual([]);
  });

  it('finds a certification denied in an answer while its card lists it, with both sources', () => {
    const card = item({
      title: 'ISO 27001',
      catalogueKey: 'certifications.iso-27001',
      explanation: 'Certified by BSI.',
    });
    const entry = faq('Are you ISO 27001 certified?', 'No, we are working towards it.');
    const [found, ...rest] = findContradictions(indexEvidence(evidence({ items: [card], faq: [entry] })));
    expect(rest).toEqual([]);
    expect(found!.topic).toMatch(/^ISO 27001: an answer says no/);
    expect(found!.statements.map((statement) => statement.source.title)).toEqual([
      entry.question,
      'Compliance › ISO 27001',
    ]);
  });

  it('finds a certification claimed in an answer that its card lists as not enabled', () => {
    const card = item({ title: 'CSA STAR', catalogueKey: 'certifications.csa-star', state: 'NotEnabled' });
    const entry = faq('Are you in the CSA STAR registry?', 'Yes, at level 1.');
    expect(findContradictions(indexEvidence(evidence({ items: [card], faq: [entry] })))).toHaveLength(1);
  });

  it('finds two firms named for one audit', () => {
    const index = indexEvidence(
      evidence({
        items: [
          item({
            title: 'SOC 2',
            catalogueKey: 'certifications.soc-2',
            explanation: 'Audited yearly.',
            auditor: 'Schellman',
          }),
        ],
        faq: [faq('Who is your SOC 2 auditor?', 'Our SOC 2 report is issued by A-LIGN.')],
      }),
    );
    const [found] = findContradictions(index);
    expect(found!.topic).toBe('SOC 2: Schellman and A-LIGN are both named');
    expect(found!.statements).toHaveLength(2);
  });

  it('finds two time limits for one commitment (48 h against 72 h)', () => {
    const index = indexEvidence(
      evidence({
        items: [
          item({
            title: 'Breach notification',
            card: 'IncidentResponse',
            cardTitle: 'Incident Response',
            catalogueKey: 'incident-response.breach-notification',
            explanation: 'Customers are notified of a breach within 48 hours.',
          }),
        ],
        faq: [
          faq(
            'When will you notify us of an incident?',
            'We notify affected customers of an incident within 72 hours.',
          ),
        ],
      }),
    );
    const [found] = findContradictions(index);
    expect(found!.topic).toBe('Breach notification: different time limits');
    expect(found!.statements.map((statement) => statement.text)).toEqual([
      'Customers are notified of a breach within 48 hours.',
      'We notify affected customers of an incident within 72 hours.',
    ]);
  });

  it('reads durations in figures and words', () => {
    expect(durationsIn('within four hours, or 2 days, and 15 minutes')).toEqual([4, 48, 0.25]);
  });
});
