import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { convert } from 'html-to-text';
import { z } from 'zod';
import type { CardView, ItemView } from '../../../shared/cards';
import { companyDisplay } from '../../../shared/company-catalogue';
import { AppError } from '../../../shared/errors';
import { itemPermalinkPath } from '../../../shared/item-links';
import type { PortalView } from '../../../shared/portal';
import type { SearchResult } from '../../../shared/search';
import { updateCategories } from '../../../shared/updates';
import type { Context } from '../../context';
import { requestAccess } from '../access';
import { getPortalView } from '../portal';
import { answerQuestion, searchContent } from '../search';
import { listVisitorUpdates } from '../updates';

/**
 * The trust center for agents (issue 36): read-only tools over exactly what the caller may see. Every
 * tool reads through the verbs the portal itself uses (page model, search, Ask AI, updates), so the
 * one gate decides; nothing here reads a table.
 */
export type AgentContext = Context & {
  /** The caller's address and browser, for the access request a tool files, as the form would. */
  request: { ipAddress: string; userAgent: string | null };
  /** Names the tool a call used, for the token holder's engagement. */
  noteTool: (name: string) => void;
  /** The portal form's own rate limits, applied to the request_access tool. */
  allowAccessRequest: (email: string) => Promise<void>;
};

const json = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
  structuredContent: value as Record<string, unknown>,
});

/** A refusal the caller can act on (a 4xx of the portal), as a tool error rather than a protocol one. */
function refusal(error: unknown): CallToolResult {
  if (error instanceof AppError) {
    return { isError: true, content: [{ type: 'text', text: error.message }] };
  }
  throw error;
}

async function run(ctx: AgentContext, tool: string, work: () => Promise<CallToolResult>) {
  ctx.noteTool(tool);
  try {
    return await work();
  } catch (error) {
    return refusal(error);
  }
}

function absolute(ctx: Context, path: string | null): string | null {
  if (!path) return null;
  return new URL(path, ctx.config.publicUrl).toString();
}

function viewFor(ctx: Context, product: string | undefined) {
  return getPortalView({ ctx, input: { productSlug: product } });
}

function itemLink(view: PortalView, item: ItemView): string {
  return itemPermalinkPath(
    view.publicUrl,
    { hasSeveralProducts: view.products.length > 1, productSlug: view.product.productSlug },
    item.slug,
  );
}

/** What an agent is told of an item: its state and words when the caller may read it, else that it is locked. */
function itemSummary(view: PortalView, card: CardView, item: ItemView) {
  return {
    id: item.itemUid,
    card: card.title,
    title: item.title,
    status: item.enabledState,
    access: item.isPublic ? 'public' : 'restricted',
    locked: item.isLocked,
    explanation: item.isLocked ? null : item.explanation,
    auditor: item.isLocked ? null : item.auditor,
    expiry: item.isLocked ? null : item.expiry,
    listEntries: item.isLocked ? null : item.listEntries,
    url: itemLink(view, item),
  };
}

function searchHit(ctx: Context, view: PortalView, result: SearchResult) {
  const base = { type: result.type, title: result.title };
  switch (result.type) {
    case 'document':
      return {
        ...base,
        excerpt: result.content.map((part) => part.value).join(' '),
        url: `${view.publicUrl}?itemUid=${result.metadata.itemUid}`,
      };
    case 'faq':
      return { ...base, excerpt: result.metadata.answer, url: view.publicUrl };
    case 'update':
      return {
        ...base,
        excerpt: result.metadata.description,
        url: `${view.publicUrl}?tcuUid=${result.metadata.topicId}`,
      };
    case 'webpage':
      return { ...base, excerpt: '', url: absolute(ctx, result.metadata.url) };
    default:
      return {
        ...base,
        excerpt: result.metadata.isLocked ? null : result.metadata.explanation,
        locked: result.metadata.isLocked,
        url: `${view.publicUrl}?itemUid=${result.metadata.itemUid}`,
      };
  }
}

const productArgument = z
  .string()
  .max(100)
  .optional()
  .describe("A product's slug; the trust center's default product when left out");

export function buildMcpServer(ctx: AgentContext): McpServer {
  const organisation = ctx.viewer.organisation;
  const server = new McpServer(
    { name: `attest-${organisation.slug}`, title: `${organisation.name} Trust Center`, version: '1.0.0' },
    {
      instructions: `The ${organisation.name} Trust Center: its security controls, certifications, documents, subprocessors and updates. Answers carry only what this caller may read; cite the links given.`,
    },
  );
  const readOnly = { readOnlyHint: true, openWorldHint: false } as const;

  server.registerTool(
    'search',
    {
      title: 'Search the trust center',
      description:
        'Full-text search over the items, documents, FAQ and updates the caller may see, with links.',
      inputSchema: { query: z.string().min(1).max(200), product: productArgument },
      annotations: readOnly,
    },
    ({ query, product }) =>
      run(ctx, 'search', async () => {
        const view = await viewFor(ctx, product);
        const found = await searchContent({
          ctx,
          input: { query: { term: query, filters: { products: [view.product.productId] } }, limit: 20 },
        });
        return json({
          total: found.result.total,
          results: found.result.matches.map((result) => searchHit(ctx, view, result)),
        });
      }),
  );

  server.registerTool(
    'ask',
    {
      title: 'Ask a question',
      description:
        'An answer written only from trust-center content the caller may see, citing its sources as [n]; answer is null when nothing the caller may read answers it.',
      inputSchema: { question: z.string().min(1).max(200), product: productArgument },
      annotations: readOnly,
    },
    ({ question, product }) =>
      run(ctx, 'ask', async () => {
        const view = await viewFor(ctx, product);
        const answered = await answerQuestion({
          ctx,
          input: { query: { term: question, filters: { product: view.product.productId } } },
        });
        return json({
          answer: answered.result.answer,
          sources: answered.result.sources.map((source, index) => ({
            number: index + 1,
            ...searchHit(ctx, view, source),
          })),
        });
      }),
  );

  const cardItems = (view: PortalView, kind: CardView['kind']) =>
    view.cards
      .filter((card) => card.kind === kind)
      .flatMap((card) => card.items.map((item) => itemSummary(view, card, item)));

  server.registerTool(
    'list_certifications',
    {
      title: 'List certifications',
      description:
        'The certifications, and the audit reports (SOC 2, penetration tests…) on the trust center, with their status, auditor and expiry where the caller may read them.',
      inputSchema: { product: productArgument },
      annotations: readOnly,
    },
    ({ product }) =>
      run(ctx, 'list_certifications', async () => {
        const view = await viewFor(ctx, product);
        return json({
          certifications: cardItems(view, 'Certifications'),
          reports: cardItems(view, 'Reports'),
        });
      }),
  );

  server.registerTool(
    'list_subprocessors',
    {
      title: 'List subprocessors',
      description: 'The subprocessors the organisation uses: name, purpose, location.',
      inputSchema: { product: productArgument },
      annotations: readOnly,
    },
    ({ product }) =>
      run(ctx, 'list_subprocessors', async () => {
        const view = await viewFor(ctx, product);
        const subprocessors = (view.specialised?.subprocessors ?? []).map((entry) => {
          const company = companyDisplay(entry.company);
          return {
            name: company.name,
            website: company.domain ? `https://${company.domain}` : null,
            purpose: entry.purpose,
            location: entry.location,
            details: entry.additionalDetails,
          };
        });
        return json({ subprocessors, url: view.publicUrl });
      }),
  );

  server.registerTool(
    'list_documents',
    {
      title: 'List documents',
      description:
        'The documents on the trust center: title, access level, and whether the caller may download it (with the link when so).',
      inputSchema: { product: productArgument },
      annotations: readOnly,
    },
    ({ product }) =>
      run(ctx, 'list_documents', async () => {
        const view = await viewFor(ctx, product);
        const items = new Map(
          view.cards.flatMap((card) => card.items.map((item) => [item.itemUid, item] as const)),
        );
        const documents = view.documents.files.map((file) => {
          const item = items.get(file.itemUid);
          return {
            title: file.title,
            fileName: file.originalName,
            access: item?.isPublic ? 'public' : 'restricted',
            canDownload: file.canDownload,
            url: item ? itemLink(view, item) : view.publicUrl,
            downloadUrl: file.canDownload ? absolute(ctx, file.downloadUrl) : null,
            requestAccessUrl: file.canDownload ? null : `${view.publicUrl}?requestAccess=true`,
          };
        });
        return json({ documents });
      }),
  );

  server.registerTool(
    'get_item',
    {
      title: 'Get an item',
      description:
        'One control, fact or document entry by its id or title: status, explanation and link. Locked items say so instead of their content.',
      inputSchema: {
        item: z.string().min(1).max(200).describe('The item id from another tool, or its exact title'),
        product: productArgument,
      },
      annotations: readOnly,
    },
    ({ item, product }) =>
      run(ctx, 'get_item', async () => {
        const view = await viewFor(ctx, product);
        const wanted = item.trim().toLowerCase();
        for (const card of view.cards) {
          const found = card.items.find(
            (candidate) => candidate.itemUid === item || candidate.title.toLowerCase() === wanted,
          );
          if (found) return json(itemSummary(view, card, found));
        }
        return { isError: true, content: [{ type: 'text', text: `No item "${item}" on this trust center` }] };
      }),
  );

  server.registerTool(
    'get_updates',
    {
      title: 'Get trust updates',
      description: 'Recent trust updates (newest first), optionally of one category.',
      inputSchema: { category: z.enum(updateCategories).optional(), product: productArgument },
      annotations: readOnly,
    },
    ({ category, product }) =>
      run(ctx, 'get_updates', async () => {
        const view = await viewFor(ctx, product);
        const page = await listVisitorUpdates({
          ctx,
          input: { category, product: view.product.productSlug },
        });
        return json({
          updates: page.topics.map((topic) => ({
            subject: topic.subject,
            category: topic.category,
            latestAt: topic.latestAt,
            url: `${view.publicUrl}?tcuUid=${topic.id}`,
            posts: topic.updates.map((update) => ({
              at: update.createdAt,
              text: convert(update.html, { wordwrap: false }),
            })),
          })),
        });
      }),
  );

  server.registerTool(
    'request_access',
    {
      title: 'Request access',
      description:
        'Files an access request for a person, exactly as the trust center form does: staff review it and the person is mailed the outcome.',
      inputSchema: {
        email: z.string().min(3).max(254),
        firstName: z.string().min(1).max(100),
        lastName: z.string().min(1).max(100),
        companyName: z.string().min(1).max(200),
        jobTitle: z.string().max(200).optional(),
        agreeToTerms: z
          .boolean()
          .describe("The person has read and agrees to the trust center's terms, as the form asks"),
        product: productArgument,
      },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    },
    (input) =>
      run(ctx, 'request_access', async () => {
        await ctx.allowAccessRequest(input.email);
        const view = await viewFor(ctx, input.product);
        const result = await requestAccess({
          ctx,
          input: {
            body: {
              email: input.email,
              firstName: input.firstName,
              lastName: input.lastName,
              companyName: input.companyName,
              ...(input.jobTitle ? { jobTitleTextField: input.jobTitle } : {}),
              agree: input.agreeToTerms,
              productId: view.product.productId,
              source: 'agent',
            },
            ipAddress: ctx.request.ipAddress,
            userAgent: ctx.request.userAgent,
          },
        });
        return json(result);
      }),
  );

  server.registerResource(
    'page',
    `trust-center://${organisation.slug}/page`,
    {
      title: `${organisation.name} Trust Center page`,
      description: "The page model of the default product, as the caller's browser would get it",
      mimeType: 'application/json',
    },
    async (uri) => {
      ctx.noteTool('resource:page');
      const view = await viewFor(ctx, undefined);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(view) }] };
    },
  );
  return server;
}

/**
 * Answers one MCP request: a fresh server and a stateless transport with JSON answers, closed after
 * it, so nothing lives between requests and any node answers any call.
 */
export async function answerMcpRequest(ctx: AgentContext, request: Request, parsedBody: unknown) {
  const server = buildMcpServer(ctx);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  try {
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody });
    return { status: response.status, headers: [...response.headers], body: await response.arrayBuffer() };
  } finally {
    await server.close();
  }
}
