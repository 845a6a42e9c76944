import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo, useRef } from 'react';
import { isReplayableClick, replayClick } from './early-clicks';

/**
 * A part of the portal that the server renders in full and the browser hydrates only once it comes
 * within a screen of the viewport or is pointed at, touched or focused (decision 316). Until then its
 * code is not even fetched: a first visit loads and hydrates what it shows, not the whole page.
 */
const partAttribute = 'data-deferred-part';
// biome-ignore lint/suspicious/noExplicitAny: one registry holds parts with different props
const serverParts = new Map<string, ComponentType<any>>();
const releases = new Map<string, () => void>();

/** The server renderer (and a test that renders as the server does) draws each part at once. */
// biome-ignore lint/suspicious/noExplicitAny: see serverParts
export function renderDeferredPartsWith(parts: Record<string, ComponentType<any>>) {
  serverParts.clear();
  for (const [name, component] of Object.entries(parts)) serverParts.set(name, component);
}

// A click wakes a part too: the page gives a click made before it hydrated again, with no pointer events.
const wakingEvents = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'click'] as const;

/**
 * Resolves when a part marked `marker` on the page is near the viewport or used; at once when none is.
 * Use is heard on window, capturing: React stops events aimed at a part it has not hydrated yet.
 */
function whenNeeded(marker: string): Promise<void> {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined')
    return Promise.resolve();
  const marked = [...document.querySelectorAll<HTMLElement>(`[${partAttribute}="${marker}"]`)];
  if (marked.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) release();
      },
      { rootMargin: '100% 0px' },
    );
    const onUse = (event: Event) => {
      if (marked.some((element) => event.target instanceof Node && element.contains(event.target))) release();
    };
    function release() {
      observer.disconnect();
      for (const event of wakingEvents) window.removeEventListener(event, onUse, true);
      releases.delete(marker);
      resolve();
    }
    releases.set(marker, release);
    for (const element of marked) observer.observe(element);
    for (const event of wakingEvents) window.addEventListener(event, onUse, { capture: true, passive: true });
  });
}

const droppedClicks = new Map<string, Element>();

/**
 * Until a part's code is in, React cannot hydrate it and drops a click on it: the last such click is
 * remembered and given again once the part is live (not one the browser acted on itself, such as a
 * link it followed: see lib/early-clicks.ts).
 */
function rememberDroppedClicks(marker: string): () => void {
  if (typeof window === 'undefined') return () => {};
  const onClick = (event: Event) => {
    const target = event.target;
    if (!isReplayableClick(target)) return;
    if (target.closest(`[${partAttribute}="${marker}"]`)) droppedClicks.set(marker, target);
  };
  window.addEventListener('click', onClick, { capture: true });
  return () => window.removeEventListener('click', onClick, { capture: true });
}

type FrameProps = { marker: string; className?: string; children: ReactNode };

function LiveFrame({ marker, className, children }: FrameProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = droppedClicks.get(marker);
    if (!target || !frameRef.current?.contains(target)) return;
    droppedClicks.delete(marker);
    replayClick(target);
  }, [marker]);
  return (
    <div ref={frameRef} className={className} {...{ [partAttribute]: marker }}>
      {children}
    </div>
  );
}

/** Props whose data (not callbacks) changed: a callback's new identity alone re-renders nothing. */
function hasNewData(previous: object, next: object): boolean {
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const [a, b] = [before[key], after[key]];
    if (typeof a === 'function' && typeof b === 'function') continue;
    if (!Object.is(a, b)) return true;
  }
  return false;
}

/**
 * The part's props, kept the same object while only callbacks change (each calls the latest one): a
 * server-rendered boundary that receives new props before it hydrates is thrown away and redrawn.
 */
function useSteadyProps<Props extends object>(props: Props): Props {
  const latest = useRef(props);
  latest.current = props;
  const steady = useRef<{ source: Props; props: Props } | null>(null);
  if (!steady.current || hasNewData(steady.current.source, props)) {
    const withSteadyCallbacks = Object.fromEntries(
      Object.entries(props).map(([key, value]) => [
        key,
        typeof value === 'function'
          ? (...args: unknown[]) =>
              (latest.current as Record<string, (...a: unknown[]) => unknown>)[key]!(...args)
          : value,
      ]),
    ) as Props;
    steady.current = { source: props, props: withSteadyCallbacks };
  }
  return steady.current.props;
}

type DeferredPartOptions<Props> = {
  /** One part per key (a card kind, say): each waits for its own place on the page, not the first one's. */
  key?(props: Props): string;
  /** Classes of the part's frame, a block around it (a grid cell's frame passes the stretch on). */
  className?: string;
};

export function deferredPart<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
  options: DeferredPartOptions<Props> = {},
): ComponentType<Props> {
  const { key, className } = options;
  const livePartsByMarker = new Map<string, ComponentType<Props>>();
  function livePartFor(marker: string): ComponentType<Props> {
    const known = livePartsByMarker.get(marker);
    if (known) return known;
    const LivePart = lazy(async () => {
      const stopRemembering = rememberDroppedClicks(marker);
      try {
        await whenNeeded(marker);
        const Part = await load();
        return {
          default: (props: Props) => (
            <LiveFrame marker={marker} className={className}>
              <Part {...props} />
            </LiveFrame>
          ),
        };
      } finally {
        stopRemembering();
      }
    }) as unknown as ComponentType<Props>;
    livePartsByMarker.set(marker, LivePart);
    return LivePart;
  }
  function DeferredPart(props: Props) {
    const steadyProps = useSteadyProps(props);
    const marker = key ? `${name}:${key(props)}` : name;
    const ServerPart = serverParts.get(name) as ComponentType<Props> | undefined;
    const firstProps = useRef(steadyProps);
    // New data for a part still waiting: load it now. Released while rendering, not in an effect: a
    // transition that brings the data waits for the part, and its effects run only once it commits.
    if (steadyProps !== firstProps.current) releases.get(marker)?.();
    const boundary = useMemo(() => {
      const LivePart = livePartFor(marker);
      return (
        <Suspense fallback={null}>
          {ServerPart ? (
            <div className={className} {...{ [partAttribute]: marker }}>
              <ServerPart {...steadyProps} />
            </div>
          ) : (
            <LivePart {...steadyProps} />
          )}
        </Suspense>
      );
    }, [steadyProps, ServerPart, marker]);
    return boundary;
  }
  DeferredPart.displayName = `Deferred(${name})`;
  return DeferredPart;
}
