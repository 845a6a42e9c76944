/**
 * The documents card's texts (spec 2 §2, §8). Those shared with the server repeat documentMessages
 * of shared/documents.ts, which would bring zod into the first load; a test keeps them equal.
 */
export const documentsTexts = {
  featuredDocuments: 'Featured Documents',
  viewAllDocuments: 'View all documents',
  viewLess: 'View less',
  untitled: '(Untitled)',
  downloadingFailed: 'Downloading files failed',
  bulkDownloadFailed: (count: number) => `Failed to download ${count} document(s)`,
  tabsLabel: 'Filter documents by access',
  tabs: { all: 'All', public: 'Public', private: 'Private' },
  bulkDownload: 'Bulk download',
  bulkDownloadDescription: 'Choose the documents to download together as one zip file.',
  selectAll: 'Select all',
  selectedOf: (selected: number, total: number) => `${selected} of ${total} selected`,
  selectOne: 'Select at least one document.',
  downloadCount: (count: number) => (count === 1 ? 'Download 1 document' : `Download ${count} documents`),
  preparing: (count: number) =>
    count === 1 ? 'Preparing 1 document for download…' : `Preparing ${count} documents for download…`,
  cancel: 'Cancel',
  errorTitle: 'Error downloading',
  errorText: 'Oops, looks like we encountered an error during this download. Try again below.',
  tryAgain: 'Try again',
  downloadComplete: 'Download complete',
  downloaded: (count: number) =>
    count === 1 ? '1 document was downloaded.' : `${count} documents were downloaded.`,
  backTo: (portalTitle: string) => `Back to ${portalTitle}`,
  open: (title: string) => `Open ${title}`,
  download: (title: string) => `Download ${title}`,
  viewOnly: 'View only',
  locked: 'Restricted',
  getAccess: 'Get access',
  getAccessTo: (title: string) => `Get access to ${title}`,
  empty: 'No documents have been added yet.',
  emptyTab: 'No documents in this tab.',
  documentsCount: (count: number) => (count === 1 ? '1 document' : `${count} documents`),
  view: 'View',
  edit: 'Edit',
  byCategory: 'Documents by card',
} as const;
