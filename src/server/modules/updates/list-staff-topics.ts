import { asc, eq } from 'drizzle-orm';
import type { StaffTopicsResponse } from '../../../shared/updates';
import type { Context } from '../../context';
import { products } from '../../db/schema';
import { countConfirmedSubscribers, listTopicsWithUpdates, loadDeliveryProgress } from './queries';
import { assertCanReadConsole } from './staff-writes';
import { compareTopics, latestAtOf, staffTopicView } from './topic-views';

/** Every topic (hidden ones too) with delivery progress, the e-mail subscriber count and the products. */
export async function listStaffTopics({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
}): Promise<StaffTopicsResponse> {
  assertCanReadConsole(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  const [topics, emailSubscriberCount, productRows] = await Promise.all([
    listTopicsWithUpdates(ctx.db, organisationId, { includeHidden: true }),
    countConfirmedSubscribers(ctx.db, organisationId),
    ctx.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.organisationId, organisationId))
      .orderBy(asc(products.position), asc(products.name)),
  ]);
  const progress = await loadDeliveryProgress(
    ctx.db,
    organisationId,
    topics.flatMap((topic) => topic.updates.map((update) => update.id)),
  );
  const ordered = [...topics].sort((a, b) =>
    compareTopics({ ...a, latestAt: latestAtOf(a) }, { ...b, latestAt: latestAtOf(b) }),
  );
  return {
    topics: ordered.map((topic) => staffTopicView(topic, progress)),
    emailSubscriberCount,
    products: productRows,
  };
}
