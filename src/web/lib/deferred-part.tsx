import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo, useRef } from 'react';

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

const wakingEvents = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * Resolves when a part named `name` on the page is near the viewport or used; at once when none is.
 * Use is heard on window, capturing: React stops events aimed at a part it has not hydrated yet.
 */
function whenNeeded(name: string): Promise<void> {
  if (typeof document === 'undefined' || typeof IntersectionObserver === 'undefined')
    return Promise.resolve();
  const marked = [...document.querySelectorAll<HTMLElement>(`[${partAttribute}="${name}"]`)];
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
      releases.delete(name);
      resolve();
    }
    releases.set(name, release);
    for (const element of marked) observer.observe(element);
    for (const event of wakingEvents) window.addEventListener(event, onUse, { capture: true, passive: true });
  });
}

const droppedClicks = new Map<string, Element>();

/**
 * Until a part's code is in, React cannot hydrate it and drops a click on it: the last such click is
 * remembered and given again once the part is live. A link's own navigation already happened, so a
 * click on a link is not remembered (it would be followed twice).
 */
function rememberDroppedClicks(name: string): () => void {
  if (typeof window === 'undefined') return () => {};
  const onClick = (event: Event) => {
    const target = event.target;
    if (!(target instanceof Element) || target.closest('a[href]')) return;
    if (target.closest(`[${partAttribute}="${name}"]`)) droppedClicks.set(name, target);
  };
  window.addEventListener('click', onClick, { capture: true });
  return () => window.removeEventListener('click', onClick, { capture: true });
}

function LiveFrame({ name, children }: { name: string; children: ReactNode }) {
  const frameRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = droppedClicks.get(name);
    if (!target || !frameRef.current?.contains(target)) return;
    droppedClicks.delete(name);
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  }, [name]);
  return (
    <div ref={frameRef} {...{ [partAttribute]: name }}>
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

export function deferredPart<Props extends object>(
  name: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const frame = (children: ReactNode) => <div {...{ [partAttribute]: name }}>{children}</div>;
  const LivePart = lazy(async () => {
    const stopRemembering = rememberDroppedClicks(name);
    try {
      await whenNeeded(name);
      const Part = await load();
      return {
        default: (props: Props) => (
          <LiveFrame name={name}>
            <Part {...props} />
          </LiveFrame>
        ),
      };
    } finally {
      stopRemembering();
    }
  });
  function DeferredPart(props: Props) {
    const steadyProps = useSteadyProps(props);
    const ServerPart = serverParts.get(name) as ComponentType<Props> | undefined;
    const firstProps = useRef(steadyProps);
    // New data for a part still waiting: load it now. Released while rendering, not in an effect: a
    // transition that brings the data waits for the part, and its effects run only once it commits.
    if (steadyProps !== firstProps.current) releases.get(name)?.();
    const boundary = useMemo(
      () => (
        <Suspense fallback={null}>
          {ServerPart ? frame(<ServerPart {...steadyProps} />) : <LivePart {...steadyProps} />}
        </Suspense>
      ),
      [steadyProps, ServerPart],
    );
    return boundary;
  }
  DeferredPart.displayName = `Deferred(${name})`;
  return DeferredPart;
}
