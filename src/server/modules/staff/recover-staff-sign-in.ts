import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { EmailAddress } from '../../../shared/staff';
import { CommandError, type Output, withDatabase } from '../../command-line';
import { insertAuditEntry } from '../../core';
import type { Database } from '../../db/client';
import { sessions, staffRecoveryCodes, staffSecondFactors, staffSignInChallenges } from '../../db/schema';
import { findStaffUserByEmail } from './queries';

const usage = `Usage: npm run staff:recover -- --email <address>

For a staff member who lost their phone and their recovery codes: removes their second factors and
recovery codes and ends their sessions. They sign in with their password again; when the organisation
requires a second factor, they set up a new one right then. The change is in the audit log.
DATABASE_URL or DATA_DIR choose the database.`;

export type RecoveredSignIn = { email: string; removedFactors: number; endedSessions: number };

/** Removes a person's second factors and recovery codes and ends their sessions, on the record. */
export async function recoverStaffSignIn(db: Database, email: string): Promise<RecoveredSignIn> {
  const address = EmailAddress.parse(email);
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
    await insertAuditEntry(tx, {
      organisationId: user.organisationId,
      actorStaffUserId: null,
      action: 'staff.second_factors_reset',
      target: `staff_user:${user.id}`,
      data: { via: 'command line', removedFactors: factors.length, endedSessions: ended.length },
    });
    return { email: user.email, removedFactors: factors.length, endedSessions: ended.length };
  });
}

export async function runRecoverStaffSignIn(argv: string[], output: Output): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help) {
    output.stdout(`${usage}\n`);
    return;
  }
  if (!values.email) throw new CommandError('--email is required (see --help)');
  const email = values.email;
  const result = await withDatabase(({ db }) => recoverStaffSignIn(db, email));
  output.stdout(
    `Removed ${result.removedFactors} second factor(s) of ${result.email} and ended ${result.endedSessions} session(s). ` +
      'They sign in with their password next.\n',
  );
}
