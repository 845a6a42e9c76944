import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { EmailAddress } from '../../../shared/staff';
import { CommandError, type Output, withDatabase } from '../../command-line';
import { insertAuditEntry } from '../../core';
import type { Database } from '../../db/client';
import {
  sessions,
  staffRecoveryCodes,
  staffSecondFactors,
  staffSignInChallenges,
  staffUsers,
} from '../../db/schema';
import { hashPassword, newTemporaryPassword } from './passwords';
import { findStaffUserByEmail } from './queries';

const usage = `Usage: npm run staff:recover -- --email <address> [--new-password] [--owner]

For a staff member who lost their phone and their recovery codes: removes their second factors and
recovery codes and ends their sessions. They sign in with their password again; when the organisation
requires a second factor, they set up a new one right then. The change is in the audit log.

  --new-password  also sets a new temporary password, printed once (a forgotten password)
  --owner         also enables the account and makes it an owner (an organisation locked out of
                  its owners: the last one left, was disabled or demoted)

DATABASE_URL or DATA_DIR choose the database.`;

export type RecoveredSignIn = {
  email: string;
  removedFactors: number;
  endedSessions: number;
  temporaryPassword: string | null;
  madeOwner: boolean;
};

/** Removes a person's second factors and recovery codes and ends their sessions, on the record. */
export async function recoverStaffSignIn(
  db: Database,
  email: string,
  options: { newPassword?: boolean; makeOwner?: boolean } = {},
): Promise<RecoveredSignIn> {
  const address = EmailAddress.parse(email);
  const temporaryPassword = options.newPassword ? newTemporaryPassword() : null;
  const passwordHash = temporaryPassword ? await hashPassword(temporaryPassword) : null;
  return db.transaction(async (tx) => {
    const user = await findStaffUserByEmail(tx, address);
    if (!user) throw new CommandError(`No staff user has the e-mail address ${address}`);
    const factors = await tx
      .delete(staffSecondFactors)
      .where(eq(staffSecondFactors.staffUserId, user.id))
      .returning({ id: staffSecondFactors.id });
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffUserId, user.id));
    await tx.delete(staffSignInChallenges).where(eq(staffSignInChallenges.staffUserId, user.id));
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.staffUserId, user.id))
      .returning({ id: sessions.id });
    const madeOwner = Boolean(options.makeOwner) && (user.role !== 'owner' || user.isDisabled);
    if (passwordHash || madeOwner) {
      await tx
        .update(staffUsers)
        .set({
          ...(passwordHash ? { passwordHash } : {}),
          ...(madeOwner ? { role: 'owner' as const, isDisabled: false } : {}),
        })
        .where(eq(staffUsers.id, user.id));
    }
    await insertAuditEntry(tx, {
      organisationId: user.organisationId,
      actorStaffUserId: null,
      action: 'staff.second_factors_reset',
      target: `staff_user:${user.id}`,
      data: {
        via: 'command line',
        removedFactors: factors.length,
        endedSessions: ended.length,
        newPassword: passwordHash !== null,
        ...(madeOwner
          ? {
              before: { role: user.role, isDisabled: user.isDisabled },
              after: { role: 'owner', isDisabled: false },
            }
          : {}),
      },
    });
    return {
      email: user.email,
      removedFactors: factors.length,
      endedSessions: ended.length,
      temporaryPassword,
      madeOwner,
    };
  });
}

export async function runRecoverStaffSignIn(argv: string[], output: Output): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      'new-password': { type: 'boolean' },
      owner: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    output.stdout(`${usage}\n`);
    return;
  }
  if (!values.email) throw new CommandError('--email is required (see --help)');
  const email = values.email;
  const result = await withDatabase(({ db }) =>
    recoverStaffSignIn(db, email, { newPassword: values['new-password'], makeOwner: values.owner }),
  );
  output.stdout(
    `Removed ${result.removedFactors} second factor(s) of ${result.email} and ended ${result.endedSessions} session(s). ` +
      `${result.madeOwner ? 'They are an active owner now. ' : ''}` +
      (result.temporaryPassword
        ? `Their temporary password, shown only now: ${result.temporaryPassword}\n`
        : 'They sign in with their password next.\n'),
  );
}
