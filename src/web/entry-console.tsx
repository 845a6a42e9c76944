import './styles.css';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/routes/staff/console-app';

/** The staff console renders on the client; the server only sends its HTML shell. */
const root = document.getElementById('root');
if (root) createRoot(root).render(<ConsoleApp />);
