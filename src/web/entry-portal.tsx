import './styles.css';

// The server's HTML paints first; React and the page's code are fetched and hydrate after that paint,
// so on a slow phone the first paint does not share the network and the main thread with them.
requestAnimationFrame(() => setTimeout(() => void import('./hydrate-portal'), 0));
