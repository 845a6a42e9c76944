import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite } from './client';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openPglite({ migrate: false });
});
afterAll(async () => handle.close());

describe('PGlite statements take turns', () => {
  it('lets the event loop run between queued statements, so other requests are not held until all end', async () => {
    let completed = 0;
    const statements = Array.from({ length: 20 }, () =>
      handle.db.execute(sql`select count(*) from generate_series(1, 20000)`).then(() => {
        completed++;
      }),
    );
    // A macrotask queued now stands for an HTTP request arriving: it runs between two statements.
    const completedWhenOthersRan = await new Promise<number>((resolve) =>
      setImmediate(() => resolve(completed)),
    );
    await Promise.all(statements);
    expect(completed).toBe(20);
    expect(completedWhenOthersRan).toBeLessThan(2);
  });

  it('keeps a transaction whole while others wait their turn', async () => {
    await handle.db.execute(sql`create table if not exists turns (n int)`);
    const order: string[] = [];
    const transaction = handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into turns values (1)`);
      order.push('transaction: first statement');
      await tx.execute(sql`insert into turns values (2)`);
      order.push('transaction: second statement');
    });
    const outside = handle.db.execute(sql`select count(*)::int as n from turns`).then((result) => {
      order.push(`outside saw ${(result as { rows: Array<{ n: number }> }).rows[0]!.n} rows`);
    });
    await Promise.all([transaction, outside]);
    expect(order).toEqual([
      'transaction: first statement',
      'transaction: second statement',
      'outside saw 2 rows',
    ]);
  });
});
