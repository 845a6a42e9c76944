import './styles.css';
import { createRoot } from 'react-dom/client';
import english from '../shared/i18n/compiled/en.json';
import { createTranslator } from '../shared/i18n/translator';
import { ConsoleApp } from './app/routes/staff/console-app';
import { TranslatorProvider } from './lib/i18n';

/** The staff console renders on the client; the server only sends its HTML shell. It stays English (issue 35 §6). */
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <TranslatorProvider translator={createTranslator('en', english)}>
      <ConsoleApp />
    </TranslatorProvider>,
  );
}
