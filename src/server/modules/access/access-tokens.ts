import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { accessLimits } from '../../../shared/access';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';

const secretKey = 'access_token_secret';
const secrets = new WeakMap<object, Promise<Uint8Array>>();

/** One random secret per install, stored in the database so every node signs and verifies alike. */
function tokenSecret(db: Database): Promise<Uint8Array> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = (async () => {
      const candidate = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
      await db.insert(settings).values({ key: secretKey, value: candidate }).onConflictDoNothing();
      const [row] = await db.select().from(settings).where(eq(settings.key, secretKey));
      return new Uint8Array(Buffer.from(row!.value, 'base64url'));
    })();
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

const invitePurpose = 'colleague_invite';

/** The invite link's token: subject = the invitee's e-mail, jti = the account_invites row. */
export async function signInviteToken(
  db: Database,
  input: { organisationId: string; inviteId: string; email: string; expiresAt: Date },
): Promise<string> {
  return new SignJWT({ purpose: invitePurpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(input.email)
    .setJti(input.inviteId)
    .setAudience(input.organisationId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(input.expiresAt.getTime() / 1000))
    .sign(await tokenSecret(db));
}

/** The invite's id and e-mail, or null when the token is expired, tampered with or for another organisation. */
export async function verifyInviteToken(
  db: Database,
  organisationId: string,
  token: string,
): Promise<{ inviteId: string; email: string } | null> {
  try {
    const { payload } = await jwtVerify(token, await tokenSecret(db), {
      algorithms: ['HS256'],
      audience: organisationId,
      maxTokenAge: `${accessLimits.inviteDays}d`,
    });
    if (
      payload.purpose !== invitePurpose ||
      typeof payload.sub !== 'string' ||
      typeof payload.jti !== 'string'
    ) {
      return null;
    }
    return { inviteId: payload.jti, email: payload.sub.toLowerCase() };
  } catch {
    return null;
  }
}
