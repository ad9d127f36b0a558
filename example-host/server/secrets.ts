/**
 * Secrets of the embedded identity provider that must survive restarts (so that signed-in sessions
 * and issued tokens stay valid): the token signing key and the cookie signing keys. They are created
 * on first start and kept in the `server_secrets` table.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { JsonObject } from '../../src/api/types';
import type { Db } from './db/index';
import { serverSecrets } from './db/schema';

/** A private signing JWK with its key id and algorithm. */
export type SigningJwk = JWK & { kid: string; alg: 'RS256'; use: 'sig' };

export interface ProviderSecrets {
  /** Private signing keys; the first one signs. */
  signingKeys: SigningJwk[];
  /** Keys for oidc-provider's signed cookies. */
  cookieKeys: string[];
}

const NAME = 'oidc-provider';

/** A new RS256 signing key as a private JWK. */
export async function createSigningKey(): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}

/** The public part of a private JWK. */
export function publicJwk(jwk: SigningJwk): JWK {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use };
}

function isSecrets(value: unknown): value is ProviderSecrets {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<ProviderSecrets>;
  return Array.isArray(v.signingKeys) && v.signingKeys.length > 0 && Array.isArray(v.cookieKeys);
}

/** Loads the secrets, creating and storing them on first start. */
export async function loadOrCreateSecrets(db: Db): Promise<ProviderSecrets> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, NAME));
  if (row && isSecrets(row.value)) return row.value;
  const created: ProviderSecrets = {
    signingKeys: [await createSigningKey()],
    cookieKeys: [randomBytes(32).toString('base64url')],
  };
  await db
    .insert(serverSecrets)
    .values({ name: NAME, value: created as unknown as JsonObject })
    .onConflictDoNothing();
  // Another server may have won the race: read back what is stored.
  const [stored] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, NAME));
  return stored && isSecrets(stored.value) ? stored.value : created;
}
