import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { settings } from '../db/schema';

const secrets = new WeakMap<object, Map<string, Promise<Buffer>>>();
const signingKeys = new WeakMap<Buffer, Promise<CryptoKey>>();

/**
 * One random 32-byte secret per install and purpose in the settings table, so every node agrees;
 * read once per database. A failed load is retried on the next call.
 */
function installSecret(db: Database, settingKey: string): Promise<Buffer> {
  const ofDatabase = secrets.get(db) ?? new Map<string, Promise<Buffer>>();
  secrets.set(db, ofDatabase);
  let secret = ofDatabase.get(settingKey);
  if (!secret) {
    secret = (async () => {
      const candidate = randomBytes(32).toString('base64url');
      await db.insert(settings).values({ key: settingKey, value: candidate }).onConflictDoNothing();
      const [row] = await db.select().from(settings).where(eq(settings.key, settingKey));
      return Buffer.from(row!.value, 'base64url');
    })();
    secret.catch(() => ofDatabase.delete(settingKey));
    ofDatabase.set(settingKey, secret);
  }
  return secret;
}

/** The install's HMAC key for one purpose, imported once (jose would re-import raw bytes on every call). */
export async function installSigningKey(db: Database, settingKey: string): Promise<CryptoKey> {
  const secret = await installSecret(db, settingKey);
  let key = signingKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    signingKeys.set(secret, key);
  }
  return key;
}

const sealingKeySetting = 'secret_sealing_key';
const sealedPrefix = 'v1.';

/**
 * AES-256-GCM under the install's sealing key, for secrets the server must read back (authenticator
 * seeds). A table dumped on its own (an export, a log line) shows no secret; `purpose` is bound in as
 * associated data, so a value sealed for one column does not open in another.
 */
export async function sealSecret(db: Database, purpose: string, plaintext: string): Promise<string> {
  const key = await installSecret(db, sealingKeySetting);
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return sealedPrefix + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
}

export async function openSealedSecret(db: Database, purpose: string, sealed: string): Promise<string> {
  if (!sealed.startsWith(sealedPrefix)) throw new Error('Unknown sealed secret format');
  const key = await installSecret(db, sealingKeySetting);
  const bytes = Buffer.from(sealed.slice(sealedPrefix.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}
