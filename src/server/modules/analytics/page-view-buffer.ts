import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

/** One server-side page view, as `recordPageView` counts it. */
export type PageViewRow = {
  organisationId: string;
  name: string;
  source: 'server';
  viewerMode: string;
  accountId: string | null;
  accountMemberId: string | null;
  path: string;
  createdAt: Date;
};
/** Views of one page by one kind of viewer within one flush: one row, with how many (`views`). */
export type PageViewCount = PageViewRow & { views: number };
type WriteRows = (rows: PageViewCount[]) => Promise<unknown>;

const flushEveryMs = 2000;
/**
 * Rows per statement. On PGlite a write runs on the request thread: 100 rows hold it about 5 ms,
 * where 500 held it long enough to show in the page's p99.
 */
const flushAtRows = 100;
/** Distinct rows a node holds while the database is behind; views beyond them are counted and reported. */
export const pageViewBufferMaxRows = 20_000;

const countKey = (row: PageViewRow) =>
  `${row.organisationId}|${row.name}|${row.viewerMode}|${row.accountId ?? ''}|${row.accountMemberId ?? ''}|${row.path}`;

/**
 * Page views are counted in memory and written in batches off the request path (decision 374): views
 * of the same page by the same kind of viewer (organisation, mode, account, member, path) within one
 * flush become one row with their count, so a crowd on one page costs one row per flush, not one per
 * hit. Memory is bounded; a graceful stop writes what is held (`flush`); a crash loses at most the
 * last two seconds' counts.
 */
export class PageViewBuffer {
  private rows = new Map<string, PageViewCount>();
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  private dropped = 0;

  constructor(
    private readonly writeRows: WriteRows,
    private readonly onError: (error: unknown) => void,
    private readonly maxRows = pageViewBufferMaxRows,
  ) {}

  push(row: PageViewRow): void {
    const key = countKey(row);
    const counted = this.rows.get(key);
    if (counted) {
      counted.views += 1;
    } else if (this.rows.size >= this.maxRows) {
      this.dropped += 1;
      return;
    } else {
      this.rows.set(key, { ...row, views: 1 });
    }
    if (this.rows.size >= flushAtRows && !this.writing) {
      void this.flush();
      return;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), flushEveryMs);
      this.timer.unref();
    }
  }

  /** Writes everything held, one batch at a time; resolves when nothing is left (failed batches are reported). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.writing) await this.writing;
    while (this.rows.size > 0) {
      const batch: PageViewCount[] = [];
      for (const [key, row] of this.rows) {
        if (batch.length === flushAtRows) break;
        batch.push(row);
        this.rows.delete(key);
      }
      this.writing = this.write(batch);
      await this.writing;
      this.writing = null;
    }
    this.reportDropped();
  }

  private async write(batch: PageViewCount[]): Promise<void> {
    try {
      await this.writeRows(batch);
    } catch (error) {
      this.onError(error);
    }
  }

  private reportDropped(): void {
    if (this.dropped === 0) return;
    this.onError(new Error(`${this.dropped} page views were not recorded: the database fell behind`));
    this.dropped = 0;
  }
}

/**
 * A batch as one statement with one JSON parameter, as the outbox writes its mails: building a 500-row
 * insert value by value cost more CPU than the database's work, and on PGlite that CPU is the request thread's.
 */
export async function insertPageViews(db: Database, rows: PageViewCount[]): Promise<void> {
  await db.execute(sql`
    insert into ${analyticsEvents}
      (organisation_id, name, source, viewer_mode, account_id, account_member_id, path, views, created_at)
    select r."organisationId", r.name, r.source, r."viewerMode", r."accountId", r."accountMemberId", r.path,
      r.views, r."createdAt"
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r("organisationId" uuid, name text,
      source text, "viewerMode" text, "accountId" uuid, "accountMemberId" uuid, path text, views integer,
      "createdAt" timestamptz)`);
}

const buffers = new WeakMap<Database, PageViewBuffer>();

/** One buffer per database handle, so test apps with their own databases never share one. */
export function pageViewBufferFor(db: Database, onError: (error: unknown) => void): PageViewBuffer {
  let buffer = buffers.get(db);
  if (!buffer) {
    buffer = new PageViewBuffer((rows) => insertPageViews(db, rows), onError);
    buffers.set(db, buffer);
  }
  return buffer;
}

export async function flushPageViews(db: Database): Promise<void> {
  await buffers.get(db)?.flush();
}
