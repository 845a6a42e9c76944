import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';

/**
 * A part of a card's content that lives outside its items (risk answers, grade entries, trusted-by
 * companies, overview text). The card editor has one Save: it validates every part, then saves the
 * items and each part, so a card never shows two save buttons.
 */
export type CardSavePart = {
  isDirty: boolean;
  /** Shows the part's errors; false keeps the whole card from saving. */
  validate(): boolean;
  /** Rejects when the server refused; the part shows its own field errors. */
  save(): Promise<void>;
};

type Registry = {
  register(key: string, part: { current: CardSavePart }): () => void;
  reportDirty(key: string, isDirty: boolean): void;
};

const CardSavePartsContext = createContext<Registry | null>(null);

/** Held by the card editor: the parts registered inside it, and whether any has unsaved changes. */
export function useCardSaveParts() {
  const parts = useRef(new Map<string, { current: CardSavePart }>());
  const [dirtyKeys, setDirtyKeys] = useState<ReadonlySet<string>>(new Set());
  const registry = useMemo<Registry>(
    () => ({
      register(key, part) {
        parts.current.set(key, part);
        return () => {
          parts.current.delete(key);
          setDirtyKeys((previous) => withKey(previous, key, false));
        };
      },
      reportDirty(key, isDirty) {
        setDirtyKeys((previous) => withKey(previous, key, isDirty));
      },
    }),
    [],
  );
  const all = useCallback(() => [...parts.current.values()].map((part) => part.current), []);
  const Provider = useCallback(
    ({ children }: { children: ReactNode }) => (
      <CardSavePartsContext.Provider value={registry}>{children}</CardSavePartsContext.Provider>
    ),
    [registry],
  );
  return {
    Provider,
    isDirty: dirtyKeys.size > 0,
    /** Every part validates (all of them, so each shows its errors at once). */
    validate: () => all().reduce((isValid, part) => part.validate() && isValid, true),
    saveChanged: async () => {
      for (const part of all()) if (part.isDirty) await part.save();
    },
  };
}

function withKey(keys: ReadonlySet<string>, key: string, isPresent: boolean): ReadonlySet<string> {
  if (keys.has(key) === isPresent) return keys;
  const next = new Set(keys);
  if (isPresent) next.add(key);
  else next.delete(key);
  return next;
}

/** A part joins the card editor it is rendered in; outside one (a test, say) it stands alone. */
export function useCardSavePart(part: CardSavePart): void {
  const registry = useContext(CardSavePartsContext);
  const key = useId();
  const latest = useRef(part);
  latest.current = part;
  useEffect(() => registry?.register(key, latest), [registry, key]);
  useEffect(() => registry?.reportDirty(key, part.isDirty), [registry, key, part.isDirty]);
}
