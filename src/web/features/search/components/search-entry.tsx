import { Search } from 'lucide-react';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { PortalView } from '../../../../shared/portal';
import { useTranslator } from '../../../lib/i18n';
import { lazyWithPageQuery } from '../../../lib/lazy-with-page-query';
import { isSearchShortcut } from '../lib/search-keys';

// The dialog, its engines and Fuse.js load on first use: none of it is in the portal's first load.
const loadSearchDialog = () => import('./search-dialog');
const SearchDialog = lazyWithPageQuery(loadSearchDialog);

type SearchEntryProps = { view: PortalView; basePath: string };
type DialogState = { isOpen: boolean; initialTerm: string; instance: number };

/**
 * The header's 'Search items' box (spec 1 §2): typing in it or clicking it opens the search dialog,
 * as does Ctrl/Cmd+K anywhere on the page.
 */
export function SearchEntry({ view, basePath }: SearchEntryProps) {
  const { t } = useTranslator();
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [shortcutLabel, setShortcutLabel] = useState('Ctrl K');
  const boxRef = useRef<HTMLInputElement>(null);

  const open = useCallback((initialTerm: string, via: 'click' | 'keyboard') => {
    // The tracker is the portal page's own chunk, loaded after hydration: importing it here keeps it there.
    void import('../../../lib/analytics').then(({ trackEvent }) =>
      trackEvent({ name: 'search_box_focused', props: { via } }),
    );
    setDialog((current) => ({ isOpen: true, initialTerm, instance: (current?.instance ?? 0) + 1 }));
  }, []);

  // The page hydrates after its first paint: a box already focused then was clicked or typed in before.
  useEffect(() => {
    const box = boxRef.current;
    if (box && document.activeElement === box) open(box.value, box.value ? 'keyboard' : 'click');
  }, [open]);

  useEffect(() => {
    if (/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)) setShortcutLabel('⌘K');
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      open('', 'keyboard');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <>
      <div className="relative w-full min-w-0 sm:w-60 lg:w-72">
        <Search
          className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
        <input
          type="search"
          // Chrome reports a form field with neither id nor name as a DevTools issue (Lighthouse best practices).
          name="search"
          ref={boxRef}
          value=""
          aria-label={t('search.placeholder')}
          aria-haspopup="dialog"
          placeholder={t('search.placeholder')}
          data-testid="search-box"
          className="block h-10 w-full cursor-pointer rounded-lg border border-slate-300 bg-white pe-14 ps-9 text-sm text-slate-900 shadow-xs transition placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-brand-ink focus-visible:outline-2 focus-visible:outline-offset-0"
          onPointerEnter={() => void loadSearchDialog()}
          onFocus={() => void loadSearchDialog()}
          onClick={() => open('', 'click')}
          onChange={(event) => open(event.target.value, 'keyboard')}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === 'ArrowDown') {
              event.preventDefault();
              open('', 'keyboard');
            }
          }}
        />
        <kbd
          aria-hidden
          className="pointer-events-none absolute top-1/2 end-2.5 hidden -translate-y-1/2 rounded border border-slate-200 bg-slate-50 px-1.5 py-0.5 font-sans text-[11px] font-medium text-slate-500 sm:inline"
        >
          {shortcutLabel}
        </kbd>
      </div>
      {dialog ? (
        <Suspense fallback={null}>
          <SearchDialog
            key={dialog.instance}
            view={view}
            basePath={basePath}
            initialTerm={dialog.initialTerm}
            open={dialog.isOpen}
            onOpenChange={(isOpen) => setDialog((current) => (current ? { ...current, isOpen } : null))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
