import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';

/** Ready when the database answers and the job table is reachable (the queue lives in the database). */
export async function checkReadiness(deps: Pick<AppDeps, 'database'>) {
  const checks: Record<string, 'ok' | 'failing'> = {};
  try {
    await deps.database.ping();
    checks.database = 'ok';
  } catch {
    checks.database = 'failing';
  }
  try {
    await deps.database.db.execute(
      sql`select count(*) from jobs where state = 'queued' and run_at < now() - interval '1 day'`,
    );
    checks.queue = 'ok';
  } catch {
    checks.queue = 'failing';
  }
  const isReady = Object.values(checks).every((value) => value === 'ok');
  return { status: isReady ? ('ready' as const) : ('not_ready' as const), checks };
}
