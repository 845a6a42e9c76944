import { categoryLabels } from '../../../shared/updates';
import type { Context } from '../../context';
import { getPortalView } from '../portal';

const markdownText = (text: string) => text.replace(/[[\]\n\r]/g, ' ').trim();

/**
 * `/{org}/llms.txt` (llmstxt.org): the trust center described for language models, from the caller's
 * own page model, so it lists only what that caller may see (anonymous callers: the public page).
 */
export async function llmsTxt(ctx: Context): Promise<string> {
  const view = await getPortalView({ ctx, input: {} });
  const name = view.organisation.name;
  const portal = view.publicUrl;
  const apiBase = `${ctx.config.publicUrl}/${view.organisation.slug}`;
  const overview = view.specialised?.overview?.trim();
  const lines: string[] = [
    `# ${name} Trust Center`,
    '',
    `> ${markdownText(overview || `How ${name} protects its customers' data: security controls, certifications, documents, subprocessors and trust updates.`)}`,
    '',
    `This is ${name}'s trust center, published with Attest. Public content is readable by anyone; restricted documents and details need approved access (request it at ${portal}?requestAccess=true). Every answer an agent gets carries only what its caller may read.`,
    '',
    '## Sections',
  ];
  for (const card of view.cards) {
    const readable = card.items.filter((item) => !item.isLocked);
    if (card.items.length === 0) continue;
    const titles = readable
      .slice(0, 12)
      .map((item) => markdownText(item.title))
      .join(', ');
    lines.push(
      `- [${markdownText(card.title)}](${portal}): ${card.items.length} items${titles ? ` — ${titles}` : ''}`,
    );
  }
  if (view.documents.files.length > 0) {
    lines.push('', '## Documents');
    for (const file of view.documents.files) {
      lines.push(
        `- [${markdownText(file.title)}](${portal}?itemUid=${file.itemUid}): ${file.canDownload ? 'downloadable' : 'restricted, request access'}`,
      );
    }
  }
  lines.push(
    '',
    '## Feeds',
    `- [Trust updates, Atom](${apiBase}/updates.atom)`,
    `- [Trust updates, JSON Feed](${apiBase}/updates.json): per category with ?category= (${Object.keys(categoryLabels).join(', ')})`,
    `- [Trust document](${apiBase}/.well-known/trust.json): the public part as JSON`,
    '',
    '## For agents',
    `- [MCP server](${apiBase}/mcp): Model Context Protocol over Streamable HTTP (POST, stateless). Tools: search, ask, list_certifications, list_subprocessors, list_documents, get_item, get_updates, request_access. Anonymous calls see the public page; send a member's personal access token as "Authorization: Bearer attest_pat_…" to read what that member may.`,
    `- [Personal access tokens](${portal}): an approved member creates one in the account menu (Access tokens); it is read-only, expires, and stops working when their access ends.`,
    '',
  );
  return lines.join('\n');
}
