import { type BridgeLetterInput, type BridgeLetterView, documentLimits } from '../../../../shared/documents';

export type BridgeLetterDraft = BridgeLetterInput;

export function letterDraftFrom(view: BridgeLetterView): BridgeLetterDraft {
  const { letterEnabled, letterContent, signerName, signerTitle } = view;
  return { letterEnabled, letterContent, signerName, signerTitle };
}

/** A switched-off letter has nothing else to save: its hidden fields never make the card dirty. */
export function isLetterDirty(draft: BridgeLetterDraft, saved: BridgeLetterDraft): boolean {
  if (draft.letterEnabled !== saved.letterEnabled) return true;
  return (
    draft.letterEnabled &&
    (draft.letterContent !== saved.letterContent ||
      draft.signerName !== saved.signerName ||
      draft.signerTitle !== saved.signerTitle)
  );
}

/** Spec 2 §9: a name over 60 characters is cut there and shown whole in a tooltip. */
export function letterFileNameDisplay(fileName: string): { shown: string; isCut: boolean } {
  const limit = documentLimits.letterFileNameTooltipChars;
  if (fileName.length <= limit) return { shown: fileName, isCut: false };
  return { shown: `${fileName.slice(0, limit - 1)}…`, isCut: true };
}
