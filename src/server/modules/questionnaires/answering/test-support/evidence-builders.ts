import type { Evidence, FaqEvidence, ItemEvidence } from '../evidence';

let counter = 0;

/** An enabled public item of the Data Security card, unless told otherwise. */
export function evidenceItem(overrides: Partial<ItemEvidence> & Pick<ItemEvidence, 'title'>): ItemEvidence {
  counter += 1;
  return {
    itemUid: `00000000-0000-0000-0000-${String(counter).padStart(12, '0')}`,
    catalogueKey: null,
    card: 'DataSecurity',
    cardTitle: 'Data Security',
    state: 'Enabled',
    explanation: '',
    listEntries: [],
    auditor: null,
    expiry: null,
    access: 'public',
    url: `https://trust.example/item/${counter}`,
    ...overrides,
  };
}

export function evidenceFaq(
  question: string,
  answer: string,
  access: FaqEvidence['access'] = 'public',
): FaqEvidence {
  counter += 1;
  return {
    id: `faq-${counter}`,
    question,
    answer,
    access,
    url: 'https://trust.example',
    editUrl: `https://attest.example/console/knowledge-base?entry=${counter}`,
  };
}

export function evidenceOf(parts: Partial<Evidence>): Evidence {
  return {
    organisationName: 'Example Cloud',
    productName: 'Example',
    items: [],
    faq: [],
    passages: [],
    subprocessors: [],
    riskProfile: [],
    ...parts,
  };
}
