import type { Database } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

type EventRow = typeof analyticsEvents.$inferInsert;

const flushEveryMs = 2000;
const flushAtRows = 200;

/**
 * Page views are written in batches off the request path: the portal page never waits for the
 * analytics write, and a burst of views costs one multi-row insert instead of one per request.
 */
export class PageViewBuffer {
  private rows: EventRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  push(row: EventRow): void {
    this.rows.push(row);
    if (this.rows.length >= flushAtRows) {
      void this.flush();
      return;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), flushEveryMs);
      this.timer.unref();
    }
  }

  /** Writes what is pending; resolves when every earlier flush has finished too. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.rows;
    this.rows = [];
    this.inFlight = this.inFlight.then(async () => {
      if (batch.length === 0) return;
      try {
        await this.db.insert(analyticsEvents).values(batch);
      } catch (error) {
        this.onError(error);
      }
    });
    return this.inFlight;
  }
}

const buffers = new WeakMap<Database, PageViewBuffer>();

/** One buffer per database handle, so test apps with their own databases never share one. */
export function pageViewBufferFor(db: Database, onError: (error: unknown) => void): PageViewBuffer {
  let buffer = buffers.get(db);
  if (!buffer) {
    buffer = new PageViewBuffer(db, onError);
    buffers.set(db, buffer);
  }
  return buffer;
}

export async function flushPageViews(db: Database): Promise<void> {
  await buffers.get(db)?.flush();
}
