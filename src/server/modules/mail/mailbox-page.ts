import type { MailboxMessage } from './mailbox-message';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function formatDate(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** Links in the plain text become clickable, so a developer can follow a magic link from here. */
function renderPlainText(text: string): string {
  const urlPattern = /https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)]/g;
  let html = '';
  let end = 0;
  for (const match of text.matchAll(urlPattern)) {
    const url = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(end, match.index))}<a href="${url}" rel="noreferrer">${url}</a>`;
    end = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(end));
}

const styles = `
:root { color-scheme: light dark; --bg: #f6f7f9; --card: #ffffff; --text: #17181c; --muted: #4b5060;
  --border: #dfe2e8; --accent: #1d4ed8; --hover: #f0f4ff; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d0f14; --card: #161921; --text: #eef0f4; --muted: #a9afbd; --border: #2a2f3a;
    --accent: #93b4ff; --hover: #1c2130; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text);
  font: 15px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
.page { max-width: 960px; margin: 0 auto; padding: 40px 20px 64px; }
.badge { display: inline-block; margin: 0 0 10px; padding: 2px 10px; border-radius: 999px;
  background: #fef3c7; color: #7c2d12; font-size: 12px; font-weight: 600; letter-spacing: .03em;
  text-transform: uppercase; }
h1 { margin: 0 0 6px; font-size: 28px; line-height: 1.2; overflow-wrap: anywhere; }
h2 { margin: 0; font-size: 16px; line-height: 1.35; }
.lead { margin: 0 0 28px; color: var(--muted); }
a { color: var(--accent); text-underline-offset: 2px; }
a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; border-radius: 3px; }
code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.card { background: var(--card); border: 1px solid var(--border); border-radius: 12px; }
.messages { list-style: none; margin: 0; padding: 0; }
.messages li { display: grid; grid-template-columns: 1fr auto; gap: 4px 16px; padding: 16px 20px; }
.messages li + li { border-top: 1px solid var(--border); }
.messages li:hover { background: var(--hover); }
.messages h2 { overflow-wrap: anywhere; }
.messages time { color: var(--muted); font-size: 13px; white-space: nowrap; }
.meta { grid-column: 1 / -1; margin: 0; color: var(--muted); font-size: 14px; overflow-wrap: anywhere; }
.meta span + span::before { content: "·"; margin: 0 8px; }
.empty { padding: 32px 20px; margin: 0; color: var(--muted); text-align: center; }
.back { margin: 0 0 20px; }
h1 + .headers { margin-top: 18px; }
.headers { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0 0 28px;
  padding: 16px 20px; font-size: 14px; }
.headers dt { color: var(--muted); }
.headers dd { margin: 0; overflow-wrap: anywhere; }
section { margin: 0 0 28px; }
section h2 { margin-bottom: 10px; }
pre { margin: 0; padding: 16px 20px; white-space: pre-wrap; overflow-wrap: anywhere;
  font: 13px/1.55 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
iframe { display: block; width: 100%; height: 70vh; min-height: 320px; border: 1px solid var(--border);
  border-radius: 12px; background: #fff; }
@media (max-width: 640px) {
  .page { padding: 24px 16px 48px; }
  h1 { font-size: 22px; }
  .messages li { grid-template-columns: 1fr; }
  .headers { grid-template-columns: 1fr; gap: 0; }
  .headers dd { margin-bottom: 8px; }
}
`;

function renderDocument(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main class="page">
<p class="badge">Development only</p>
${body}
</main>
</body>
</html>
`;
}

/** The list at /dev/mailbox (?to= keeps one recipient): newest first, each subject links to its page. */
export function renderMailboxPage(messages: MailboxMessage[], filter: { to?: string } = {}): string {
  const items = messages
    .map(
      (message) => `<li>
<h2><a href="/dev/mailbox/${message.id}">${escapeHtml(message.subject)}</a></h2>
<time datetime="${message.date}">${formatDate(message.date)}</time>
<p class="meta"><span>To ${escapeHtml(message.to)}</span><span>From ${escapeHtml(message.from)}</span></p>
</li>`,
    )
    .join('\n');
  const list =
    messages.length > 0
      ? `<ol class="messages card" aria-label="Messages, newest first">\n${items}\n</ol>`
      : filter.to
        ? `<p class="empty card">No messages to ${escapeHtml(filter.to)}.</p>`
        : '<p class="empty card">No messages yet. Mail the application sends will appear here.</p>';
  return renderDocument(
    'Dev mailbox · Attest',
    `<h1>Dev mailbox</h1>
<p class="lead">Mail Attest sent while no SMTP server is configured, newest first.
As JSON: <a href="/dev/mailbox/messages"><code>/dev/mailbox/messages</code></a>;
add <code>?to=</code> to either for one recipient's mail.</p>
${filter.to ? `<p class="back">Showing mail to ${escapeHtml(filter.to)}. <a href="/dev/mailbox">Show all</a></p>` : ''}
${list}`,
  );
}

/** One message: its headers, the plain text, and the HTML in a sandboxed frame (no scripts, no forms). */
export function renderMailboxMessagePage(message: MailboxMessage): string {
  const headerRows = Object.entries({ Date: formatDate(message.date), ...message.headers })
    .filter(([name]) => name !== 'Subject')
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`)
    .join('\n');
  const htmlSection = message.html
    ? `<section aria-labelledby="html-version">
<h2 id="html-version">HTML</h2>
<iframe sandbox="" referrerpolicy="no-referrer" title="HTML version of the message" srcdoc="${escapeHtml(message.html)}"></iframe>
</section>`
    : '';
  return renderDocument(
    `${message.subject} · Dev mailbox`,
    `<p class="back"><a href="/dev/mailbox">← All messages</a></p>
<h1>${escapeHtml(message.subject)}</h1>
<dl class="headers card">
${headerRows}
</dl>
<section aria-labelledby="text-version">
<h2 id="text-version">Plain text</h2>
<pre class="card">${renderPlainText(message.text)}</pre>
</section>
${htmlSection}`,
  );
}
