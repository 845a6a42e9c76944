import { bridgeLettersAllowed } from '../../../shared/documents';
import { canGetFile, canSeeProduct, type FileAction, type ItemGrants } from '../../policy';
import type { Viewer } from '../../policy/viewer';
import type { BridgeLetterRow, FileRow, GateItem } from './queries';

/** A document as the documents card offers it: an uploaded file or a generated letter, on an item. */
export type DocumentTarget =
  | { kind: 'file'; file: FileRow; item: GateItem }
  | { kind: 'letter'; letter: BridgeLetterRow; item: GateItem };

/**
 * THE gate (canGetFile) for a document on its item; letters follow the organisation's access type,
 * and without the bridge letter feature nobody is offered one (they stay stored for an upgrade).
 */
export function canGetDocument(
  viewer: Viewer,
  target: DocumentTarget,
  action: FileAction,
  grants: ItemGrants,
): boolean {
  const { item } = target;
  if (target.kind === 'letter' && !bridgeLettersAllowed(viewer.organisation.planFeatures)) return false;
  if (!canSeeProduct(viewer, { isShown: item.isProductShown })) return false;
  return canGetFile(
    viewer,
    { card: { isHidden: item.isCardHidden }, item },
    { accessType: target.kind === 'file' ? target.file.accessType : null },
    action,
    grants,
  );
}

export function documentId(target: DocumentTarget): string {
  return target.kind === 'file' ? target.file.id : target.letter.id;
}

/** Restricted PDFs reaching anyone but Main-mode staff carry the viewer's e-mail and the time. */
export function watermarkLabel(viewer: Viewer, target: DocumentTarget, contentType: string): string | null {
  if (viewer.mode === 'main' || target.item.isPublic || contentType !== 'application/pdf') return null;
  const email = viewer.member?.email ?? viewer.staff?.email ?? 'visitor';
  const stamp = new Date().toISOString().replace('T', ' ').slice(0, 16);
  return `Confidential — ${email} — ${stamp} UTC`;
}
