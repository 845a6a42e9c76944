import './styles.css';
import type { EarlyClicks, WindowWithEarlyClicks } from './lib/early-clicks';

// A tap before React listens is remembered here and given again once the page is live
// (lib/early-clicks.ts); kept on window so that this entry imports no chunk before the first paint.
const earlyClicks: EarlyClicks = {
  target: null,
  stop: () => window.removeEventListener('click', rememberEarlyClick, { capture: true }),
};
function rememberEarlyClick(event: Event) {
  earlyClicks.target = event.target;
}
window.addEventListener('click', rememberEarlyClick, { capture: true });
(window as WindowWithEarlyClicks).attestEarlyClicks = earlyClicks;

// The server's HTML paints first; React and the page's code are fetched and hydrate after that paint,
// so on a slow phone the first paint does not share the network and the main thread with them. The
// second frame: a callback of the first frame runs before its paint is presented.
requestAnimationFrame(() =>
  requestAnimationFrame(() => setTimeout(() => void import('./hydrate-portal'), 0)),
);
