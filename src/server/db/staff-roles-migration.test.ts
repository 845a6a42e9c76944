import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabaseAtVersion, readJournal } from '../test/database-at-version';
import type { DatabaseHandle } from './client';
import { staffUsers } from './schema';

/**
 * Migration 0024 (staff roles): the release before it stored permissions per staff user. Editors keep
 * managing staff and settings as admins, the rest read, and each organisation gets one owner: its
 * longest-serving active editor, else its longest-serving active person.
 */
const acme = '00000000-0000-4000-8000-000000000001';
const globex = '00000000-0000-4000-8000-000000000002';

let database: DatabaseHandle;
let close: () => Promise<void>;

beforeAll(async () => {
  const migrationsBefore = (await readJournal()).entries.findIndex(
    (entry) => entry.tag === '0024_staff_roles',
  );
  expect(migrationsBefore).toBeGreaterThan(0);
  const opened = await openDatabaseAtVersion({
    migrations: migrationsBefore,
    seed: async (query) => {
      await query(
        `insert into organisations (id, slug, name) values ($1, 'acme', 'Acme'), ($2, 'globex', 'Globex')`,
        [acme, globex],
      );
      const staff = [
        // Acme: a disabled founder, two editors (the older one becomes owner), a reader.
        [acme, 'founder@acme.example', ['statuspage:edit', 'files:view'], true, '2024-01-01'],
        [
          acme,
          'first-editor@acme.example',
          ['statuspage:edit', 'files:view', 'files:download'],
          false,
          '2024-02-01',
        ],
        [acme, 'second-editor@acme.example', ['statuspage:edit'], false, '2024-03-01'],
        [acme, 'reader@acme.example', ['files:view'], false, '2023-12-01'],
        // Globex: nobody may edit; the longest-serving active person becomes owner.
        [globex, 'old-reader@globex.example', ['files:view'], false, '2024-01-01'],
        [globex, 'new-reader@globex.example', [], false, '2024-06-01'],
      ] as const;
      for (const [organisationId, email, permissions, isDisabled, createdAt] of staff) {
        await query(
          `insert into staff_users (organisation_id, email, name, password_hash, permissions, is_disabled, created_at)
           values ($1, $2, $2, 'x', $3::jsonb, $4, $5)`,
          [organisationId, email, JSON.stringify(permissions), isDisabled, createdAt],
        );
      }
    },
  });
  database = opened.database;
  close = opened.close;
});
afterAll(() => close?.());

describe('migration 0024: stored permissions become roles', () => {
  it('makes editors admins, the rest viewers, and one owner per organisation', async () => {
    const rows = await database.db
      .select({ email: staffUsers.email, role: staffUsers.role })
      .from(staffUsers)
      .orderBy(asc(staffUsers.email));
    expect(Object.fromEntries(rows.map((row) => [row.email, row.role]))).toEqual({
      'first-editor@acme.example': 'owner',
      'founder@acme.example': 'admin',
      'new-reader@globex.example': 'viewer',
      'old-reader@globex.example': 'owner',
      'reader@acme.example': 'viewer',
      'second-editor@acme.example': 'admin',
    });
  });
});
