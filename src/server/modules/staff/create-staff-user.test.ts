import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { allStaffPermissions } from '../../../shared/permissions';
import { type DatabaseHandle, openPglite, openPostgres } from '../../db/client';
import { auditLog, organisations, staffUsers } from '../../db/schema';
import { createOrganisation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createPostgresDatabase, testDatabaseKind } from '../../test/test-database';
import { createStaffUser } from './create-staff-user';
import { verifyPassword } from './passwords';
import { signIn } from './test-helpers';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const password = 'a long enough password';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function staffRowsWithEmail(db: DatabaseHandle['db'], email: string) {
  return db.select().from(staffUsers).where(eq(staffUsers.email, email));
}

describe('createStaffUser', () => {
  it('creates a user with every permission by default who can then sign in', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const created = await createStaffUser({
      ctx: { db: t.database.db },
      input: {
        organisationSlug: organisation.slug,
        email: 'Robin@Example.COM ',
        name: ' Robin Ops ',
        password,
      },
    });
    expect(created).toEqual({
      staffUser: {
        id: expect.any(String),
        email: 'robin@example.com',
        name: 'Robin Ops',
        role: 'owner',
      },
      organisation: { id: organisation.id, slug: organisation.slug, name: organisation.name },
      isOrganisationCreated: false,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.organisationId, organisation.id));
    expect(audit).toMatchObject({
      action: 'staff_user.created',
      target: `staff_user:${created.staffUser.id}`,
    });

    const response = await signIn(t.app, 'robin@example.com', password);
    expect(response.statusCode).toBe(200);
    expect(response.json().staff).toMatchObject({ role: 'owner', permissions: allStaffPermissions });
  });

  it('gives the chosen role and refuses an e-mail taken in any spelling', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const input = {
      organisationSlug: organisation.slug,
      email: 'kim@example.com',
      name: 'Kim',
      password,
      role: 'reviewer' as const,
    };
    const created = await createStaffUser({ ctx: { db: t.database.db }, input });
    expect(created.staffUser.role).toBe('reviewer');

    const again = createStaffUser({
      ctx: { db: t.database.db },
      input: { ...input, email: 'KIM@example.com' },
    });
    await expect(again).rejects.toThrow(new AppError('conflict', messages.staffEmailTaken));
    expect(await staffRowsWithEmail(t.database.db, 'kim@example.com')).toHaveLength(1);
  });

  it('creates the organisation, with a default product, only when a name for it is given', async () => {
    const input = {
      organisationSlug: 'stark-industries',
      email: 'tony@stark.example',
      name: 'Tony',
      password,
    };
    const unknown = createStaffUser({ ctx: { db: t.database.db }, input });
    await expect(unknown).rejects.toMatchObject({
      code: 'organisation_not_found',
      message: messages.unknownOrganisationSlug('stark-industries'),
    });
    expect(await staffRowsWithEmail(t.database.db, 'tony@stark.example')).toHaveLength(0);

    const created = await createStaffUser({
      ctx: { db: t.database.db },
      input: { ...input, organisationName: 'Stark Industries' },
    });
    expect(created.isOrganisationCreated).toBe(true);
    expect(created.organisation).toMatchObject({ slug: 'stark-industries', name: 'Stark Industries' });
    const view = await t.app.inject({ url: '/api/statuspage/share/stark-industries/view' });
    expect(view.statusCode).toBe(200);
    expect(view.json().product).toMatchObject({ productName: 'Stark Industries', isDefault: true });
  });

  it('refuses a short password, a bad e-mail and an unknown role before writing anything', async () => {
    const { organisation } = await createOrganisation(t.database.db);
    const base = { organisationSlug: organisation.slug, email: 'lee@example.com', name: 'Lee', password };
    const cases = [
      [{ password: 'short' }, 'password', messages.passwordTooShort(12)],
      [{ email: 'lee at example' }, 'email', messages.invalidEmail],
      [{ name: '  ' }, 'name', undefined],
    ] as const;
    for (const [override, field, message] of cases) {
      const attempt = createStaffUser({ ctx: { db: t.database.db }, input: { ...base, ...override } });
      const error = await attempt.then(() => null).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ZodError);
      expect((error as ZodError).issues[0]).toMatchObject({ path: [field], ...(message ? { message } : {}) });
    }
    const badRole = createStaffUser({
      ctx: { db: t.database.db },
      // @ts-expect-error the command passes what the operator typed; the verb must refuse it
      input: { ...base, role: 'superuser' },
    });
    await expect(badRole).rejects.toBeInstanceOf(ZodError);
    expect(await staffRowsWithEmail(t.database.db, 'lee@example.com')).toHaveLength(0);
  });
});

type CommandResult = { code: number | null; stdout: string; stderr: string };

function runCommand(args: string[], env: Record<string, string>): Promise<CommandResult> {
  const { DATABASE_URL: _url, ATTEST_STAFF_PASSWORD: _password, DATA_DIR: _dir, ...inherited } = process.env;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/create-staff-user.ts', ...args],
      { cwd: repositoryRoot, env: { ...inherited, LOG_LEVEL: 'warn', ...env } },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

describe('npm run staff:create', () => {
  let dataDir: string;
  let target: { env: Record<string, string>; open: () => Promise<DatabaseHandle>; drop: () => Promise<void> };
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-staff-create-'));
    if (testDatabaseKind === 'postgres') {
      const created = await createPostgresDatabase('attest_cli');
      target = {
        env: { DATABASE_URL: created.url, DATA_DIR: dataDir },
        open: () => openPostgres({ url: created.url, poolSize: 1 }),
        drop: created.drop,
      };
    } else {
      target = { env: { DATA_DIR: dataDir }, open: () => openPglite({ dataDir }), drop: async () => {} };
    }
  });
  afterAll(async () => {
    await target.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const args = [
    '--org',
    'wayne',
    '--organisation-name',
    'Wayne Enterprises',
    '--email',
    'Bruce@Wayne.example',
  ];

  it('creates the organisation and user on the configured database, then refuses the same e-mail in one line', {
    timeout: 120_000,
  }, async () => {
    const created = await runCommand([...args, '--name', 'Bruce W', '--role', 'Editor'], {
      ...target.env,
      ATTEST_STAFF_PASSWORD: password,
    });
    expect(created.stderr).toBe('');
    expect(created.stdout).toBe(
      'Created organisation Wayne Enterprises (wayne).\n' +
        'Created staff user bruce@wayne.example (Bruce W) in wayne as editor.\n',
    );
    expect(created.code).toBe(0);

    const again = await runCommand([...args, '--name', 'Someone Else'], {
      ...target.env,
      ATTEST_STAFF_PASSWORD: password,
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(`attest: ${messages.staffEmailTaken}\n`);

    const database = await target.open();
    try {
      const [organisation] = await database.db
        .select()
        .from(organisations)
        .where(eq(organisations.slug, 'wayne'));
      const rows = await staffRowsWithEmail(database.db, 'bruce@wayne.example');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        organisationId: organisation!.id,
        name: 'Bruce W',
        role: 'editor',
      });
      expect(await verifyPassword(rows[0]!.passwordHash, password)).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('explains a missing password and a short one without touching the database', {
    timeout: 60_000,
  }, async () => {
    const missing = await runCommand([...args, '--name', 'Bruce'], target.env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      'attest: set ATTEST_STAFF_PASSWORD or run the command in a terminal to type the password\n',
    );
    const short = await runCommand([...args, '--name', 'Bruce'], {
      ...target.env,
      ATTEST_STAFF_PASSWORD: 'short',
    });
    expect(short.code).toBe(1);
    expect(short.stderr).toBe(`attest: password: ${messages.passwordTooShort(12)}\n`);
  });

  it('says the PGlite data directory is in use while a server holds it', { timeout: 60_000 }, async () => {
    const busyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-staff-busy-'));
    const server = await openPglite({ dataDir: busyDir });
    try {
      const result = await runCommand([...args, '--name', 'Bruce'], {
        DATA_DIR: busyDir,
        ATTEST_STAFF_PASSWORD: password,
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^attest: The data directory .+ is in use by another Attest process; .+\n$/,
      );
    } finally {
      await server.close();
      await fs.rm(busyDir, { recursive: true, force: true });
    }
  });
});
