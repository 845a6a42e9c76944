import { eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { subscriptionLimits } from '../../../shared/subscriptions';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema';

const secretKey = 'subscription_token_secret';
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

type TokenPurpose = 'subscribe_confirm' | 'unsubscribe';
type TokenOrganisation = { id: string };

async function signToken(
  db: Database,
  purpose: TokenPurpose,
  organisation: TokenOrganisation,
  email: string,
  expiresInHours: number | null,
): Promise<string> {
  const jwt = new SignJWT({ purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(email)
    .setAudience(organisation.id)
    .setIssuedAt();
  if (expiresInHours !== null) jwt.setExpirationTime(`${expiresInHours}h`);
  return jwt.sign(await tokenSecret(db));
}

/** The e-mail the token was issued for, or null when it is expired, tampered with or for another purpose or organisation. */
async function verifyToken(
  db: Database,
  purpose: TokenPurpose,
  organisation: TokenOrganisation,
  token: string,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, await tokenSecret(db), {
      algorithms: ['HS256'],
      audience: organisation.id,
    });
    return payload.purpose === purpose && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

export const signConfirmationToken = (db: Database, organisation: TokenOrganisation, email: string) =>
  signToken(db, 'subscribe_confirm', organisation, email, subscriptionLimits.confirmationTokenHours);
export const verifyConfirmationToken = (db: Database, organisation: TokenOrganisation, token: string) =>
  verifyToken(db, 'subscribe_confirm', organisation, token);

// Unsubscribe links must keep working in mail read months later, so they do not expire.
export const signUnsubscribeToken = (db: Database, organisation: TokenOrganisation, email: string) =>
  signToken(db, 'unsubscribe', organisation, email, null);
export const verifyUnsubscribeToken = (db: Database, organisation: TokenOrganisation, token: string) =>
  verifyToken(db, 'unsubscribe', organisation, token);

type LinkContext = { db: Database; config: Pick<Config, 'publicUrl'> };
type LinkOrganisation = { id: string; slug: string };

/** RFC 8058 one-click unsubscribe headers for every subscription mail (confirmation and updates). */
export async function unsubscribeHeaders(
  ctx: LinkContext,
  organisation: LinkOrganisation,
  email: string,
): Promise<Record<string, string>> {
  const url = new URL(`/api/statuspage/share/${organisation.slug}/unsubscribe`, ctx.config.publicUrl);
  url.searchParams.set('token', await signUnsubscribeToken(ctx.db, organisation, email));
  return {
    'List-Unsubscribe': `<${url.toString()}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
