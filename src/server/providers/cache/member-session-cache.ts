import { LRUCache } from 'lru-cache';

/** Notified by the triggers of migration 0012 on commit of any write that changes a member's rights. */
export const memberAccessChangedChannel = 'attest_member_access_changed';

/** What a cached session must carry: whose it is and until when it holds without a new look at the database. */
export type CacheableSession = { session: { organisationId: string }; validUntil: Date };

/**
 * Per node: signed-in members' sessions (with what hangs on them, such as their grants) as last read,
 * so a signed-in request needs no database read of its own. An entry is served only while its
 * organisation's access revision is the one it was read at. Every write that changes a member's rights
 * (sign-out, ended sessions, review decisions and expiry dates, profiles and their items, the NDA and
 * its acceptances, member details) bumps that revision in the same transaction, by trigger, and
 * notifies every node on commit; on PostgreSQL each request also reads the current revision with the
 * organisation, so the very next request on any node sees the change even before the notification.
 * The TTL is a safety net only.
 */
export type MemberSessionCache = {
  /**
   * The organisation's access revision as this request read it (or the highest this node was told);
   * returns the revision entries must match for this request.
   */
  noteAccessRevision(organisationId: string, accessRevision: number): number;
  /** The session behind `sessionId`, cached only when it belongs to `organisationId`. */
  session<T extends CacheableSession>(
    organisationId: string,
    sessionId: string,
    load: () => Promise<T | null>,
  ): Promise<T | null>;
  /** Told by the database: `payload` is `<organisation id>:<new access revision>`. */
  onAccessChanged(payload: string): void;
  /** Notifications may have been missed: forget every session. */
  clear(): void;
  lookups: { hit: number; miss: number };
};

type Entry = { value: CacheableSession; organisationId: string; accessRevision: number; expiresAt: number };

export function createMemberSessionCache(
  options: { ttlMs?: number; maxSessions?: number } = {},
): MemberSessionCache {
  const ttlMs = options.ttlMs ?? 10_000;
  const knownRevisions = new Map<string, number>();
  const entries = new LRUCache<string, Entry>({ max: options.maxSessions ?? 20_000 });
  const lookups = { hit: 0, miss: 0 };
  // A load that started before clear() must not store what it read.
  let clearCount = 0;

  const noteAccessRevision = (organisationId: string, accessRevision: number) => {
    const known = knownRevisions.get(organisationId);
    if (known !== undefined && known >= accessRevision) return known;
    knownRevisions.set(organisationId, accessRevision);
    return accessRevision;
  };

  return {
    noteAccessRevision,
    async session<T extends CacheableSession>(
      organisationId: string,
      sessionId: string,
      load: () => Promise<T | null>,
    ) {
      // The revision before the read: a change committed during the read leaves the entry already stale.
      const accessRevision = knownRevisions.get(organisationId);
      const cached = entries.get(sessionId);
      const now = Date.now();
      if (
        cached &&
        accessRevision !== undefined &&
        cached.organisationId === organisationId &&
        cached.accessRevision === accessRevision &&
        cached.expiresAt > now &&
        cached.value.validUntil.getTime() > now
      ) {
        lookups.hit++;
        return cached.value as T;
      }
      lookups.miss++;
      const before = clearCount;
      const value = await load();
      if (!value || value.session.organisationId !== organisationId) {
        entries.delete(sessionId);
        return value;
      }
      if (accessRevision !== undefined && before === clearCount) {
        entries.set(sessionId, { value, organisationId, accessRevision, expiresAt: now + ttlMs });
      }
      return value;
    },
    onAccessChanged(payload) {
      const at = payload.lastIndexOf(':');
      const revision = Number(payload.slice(at + 1));
      if (at <= 0 || !Number.isInteger(revision)) return;
      noteAccessRevision(payload.slice(0, at), revision);
    },
    clear() {
      clearCount++;
      entries.clear();
    },
    lookups,
  };
}
