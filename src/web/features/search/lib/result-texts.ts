import type { SearchResult } from '../../../../shared/search';
import type { SearchTexts } from './search-texts';

/** The second line of a result row: where it was found, or what it is. */
export function resultSubtitle(result: SearchResult): string {
  switch (result.type) {
    case 'document':
      return result.metadata.fileName;
    case 'control':
    case 'fact':
    case 'trust_item':
      return result.metadata.cardTitle;
    case 'faq':
      return result.metadata.answer;
    case 'update':
      return result.metadata.description;
    case 'webpage':
      return result.metadata.url;
  }
}

export function openLabel(result: SearchResult, { open }: SearchTexts): string {
  switch (result.type) {
    case 'document':
      return open.document;
    case 'update':
      return open.update;
    case 'faq':
      return open.faq;
    case 'webpage':
      return open.webpage;
    default:
      return open.item;
  }
}
