import type { SearchResult } from '../../../../shared/search';

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

export function openLabel(result: SearchResult): string {
  switch (result.type) {
    case 'document':
      return 'Open document';
    case 'update':
      return 'Go to update';
    case 'faq':
      return 'Open in knowledge base';
    case 'webpage':
      return 'Open page';
    default:
      return 'Open item';
  }
}
