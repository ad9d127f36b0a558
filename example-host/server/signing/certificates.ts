/**
 * The certificate that seals signed documents. By default a development CA and a leaf certificate it issued, made
 * with WebCrypto on first start (@peculiar/x509, no openssl) and kept in the database beside the other server secrets
 * (`server_secrets`, so they live with the data of `DATA_DIR` and survive restarts; several servers on one database
 * share them). A validator that trusts the development CA reports the leaf trusted. A host replaces them with its own
 * certificate as a PKCS#12 file (`SIGNING_P12_PATH`, `SIGNING_P12_PASSPHRASE`).
 */
import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { CryptoKeySigner, P12Signer, type Signer } from '@libpdf/core';
import { eq } from 'drizzle-orm';
import type { JsonObject } from '../../../src/api/types';
import type { Db } from '../db/index';
import { serverSecrets } from '../db/schema';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const SECRET_NAME = 'signing-development-certificate';
const RSA: RsaHashedKeyGenParams = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
/** The development certificates' lifetime: ten years, so a development database does not outlive them. */
const LIFETIME_MS = 10 * 365 * 24 * 60 * 60 * 1000;
/** S/MIME protection, the use validators such as NSS (pdfsig) check for document signatures. */
const EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';

/** The development CA and leaf as stored (PEM certificates, the leaf's PKCS#8 private key in base64). */
export interface StoredDevelopmentCertificate {
  caPem: string;
  leafPem: string;
  leafKeyPkcs8: string;
}

/** Where the seal comes from: a PKCS#12 file of the host, or the development certificate. */
export interface SealConfig {
  /** A PKCS#12 (.p12 / .pfx) file with the signing key and certificate (and its chain). */
  p12Path?: string | null;
  /** The PKCS#12 file's passphrase. */
  p12Passphrase?: string | null;
}

/** The signer that seals documents, with the certificates a validator needs to trust it. */
export interface SealSigner {
  signer: Signer;
  /** The leaf certificate, PEM. */
  certificatePem: string;
  /** The issuing CA of the development certificate (PEM), or null for a host's PKCS#12 certificate. */
  caPem: string | null;
  /** `development` or `p12`. */
  source: 'development' | 'p12';
  /** What the signer is made from, so that the PDF worker can make the same signer in its own thread. */
  material: SealMaterial;
}

/** The key and certificates a {@link SealSigner} is made from (structured-cloneable). */
export type SealMaterial =
  | { kind: 'development'; stored: StoredDevelopmentCertificate }
  | { kind: 'p12'; bytes: Uint8Array; passphrase: string };

/** Thrown when the configured PKCS#12 file cannot be used; the message says what to check. */
export class SealConfigError extends Error {
  override name = 'SealConfigError';
}

function isStored(value: unknown): value is StoredDevelopmentCertificate {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.caPem === 'string' && typeof v.leafPem === 'string' && typeof v.leafKeyPkcs8 === 'string';
}

/** Makes a development CA and a leaf certificate it issued for document signing. */
export async function createDevelopmentCertificate(now = new Date()): Promise<StoredDevelopmentCertificate> {
  const notBefore = new Date(now.getTime() - 60 * 60 * 1000);
  const notAfter = new Date(now.getTime() + LIFETIME_MS);
  const caKeys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: 'CN=Forms Admin Development CA, O=Forms Admin (development only)',
    notBefore,
    notAfter,
    signingAlgorithm: RSA,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const leafKeys = (await webcrypto.subtle.generateKey(RSA, true, ['sign', 'verify'])) as CryptoKeyPair;
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: 'CN=Forms Admin Document Seal (development), O=Forms Admin (development only)',
    issuer: ca.subject,
    notBefore,
    notAfter,
    signingAlgorithm: RSA,
    publicKey: leafKeys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      new x509.ExtendedKeyUsageExtension([EMAIL_PROTECTION]),
      await x509.SubjectKeyIdentifierExtension.create(leafKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', leafKeys.privateKey);
  return { caPem: ca.toString('pem'), leafPem: leaf.toString('pem'), leafKeyPkcs8: Buffer.from(pkcs8).toString('base64') };
}

function randomSerial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] ?? 0) & 0x7f; // a positive serial number
  return Buffer.from(bytes).toString('hex');
}

/** The development certificate of this database: read, or made and stored on first use (a race keeps the first). */
export async function loadOrCreateDevelopmentCertificate(db: Db): Promise<StoredDevelopmentCertificate> {
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (row && isStored(row.value)) return row.value;
  const created = await createDevelopmentCertificate();
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: created as unknown as JsonObject })
    .onConflictDoNothing();
  const [stored] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  return stored && isStored(stored.value) ? stored.value : created;
}

/** The signer of the development certificate. */
export async function developmentSigner(stored: StoredDevelopmentCertificate): Promise<SealSigner> {
  const key = await webcrypto.subtle.importKey('pkcs8', Buffer.from(stored.leafKeyPkcs8, 'base64'), RSA, false, ['sign']);
  const leaf = new x509.X509Certificate(stored.leafPem);
  const ca = new x509.X509Certificate(stored.caPem);
  const signer = new CryptoKeySigner(key as CryptoKey, new Uint8Array(leaf.rawData), 'RSA', 'RSASSA-PKCS1-v1_5', [new Uint8Array(ca.rawData)]);
  return { signer, certificatePem: stored.leafPem, caPem: stored.caPem, source: 'development', material: { kind: 'development', stored } };
}

/**
 * The signer of a host's PKCS#12 file. A file that cannot be read, a wrong passphrase or a file without a usable key
 * and certificate each stop with a {@link SealConfigError} that names the file and what to check.
 */
export async function p12Signer(path: string, passphrase: string): Promise<SealSigner> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readFile(path));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SealConfigError(
      `The signing certificate file ${path} (SIGNING_P12_PATH) cannot be read${code ? ` (${code})` : ''}: check the path and that the server may read it.`,
    );
  }
  try {
    const signer = await P12Signer.create(bytes, passphrase);
    const certificatePem = new x509.X509Certificate(new Uint8Array(signer.certificate)).toString('pem');
    return { signer, certificatePem, caPem: null, source: 'p12', material: { kind: 'p12', bytes, passphrase } };
  } catch (error) {
    const reason = error instanceof Error && error.message ? error.message : String(error);
    throw new SealConfigError(
      `The signing certificate file ${path} (SIGNING_P12_PATH) is not a PKCS#12 file this server can use: ${reason}. ` +
        'Check the passphrase (SIGNING_P12_PASSPHRASE) and that the file holds one private key (RSA or EC) with its certificate; ' +
        'a file exported with legacy RC2/3DES encryption may need re-exporting with AES-256 (openssl pkcs12 -export -keypbe AES-256-CBC -certpbe AES-256-CBC).',
    );
  }
}

const fromMaterial = new Map<string, Promise<SealSigner>>();

/** The signer made from `material` (in the PDF worker), made once per key and certificate. */
export function signerFromMaterial(material: SealMaterial): Promise<SealSigner> {
  const key = material.kind === 'development' ? `d:${material.stored.leafPem}` : `p:${Buffer.from(material.bytes).toString('base64')}:${material.passphrase}`;
  let found = fromMaterial.get(key);
  if (!found) {
    found =
      material.kind === 'development'
        ? developmentSigner(material.stored)
        : P12Signer.create(material.bytes, material.passphrase).then((signer) => ({
            signer,
            certificatePem: new x509.X509Certificate(new Uint8Array(signer.certificate)).toString('pem'),
            caPem: null,
            source: 'p12' as const,
            material,
          }));
    found.catch(() => fromMaterial.delete(key));
    fromMaterial.set(key, found);
  }
  return found;
}

const cache = new WeakMap<Db, Promise<SealSigner>>();

/** The seal of a server: the configured PKCS#12 file, else the development certificate (made once, then cached). */
export function sealSigner(db: Db, config: SealConfig): Promise<SealSigner> {
  let found = cache.get(db);
  if (!found) {
    found = config.p12Path
      ? p12Signer(config.p12Path, config.p12Passphrase ?? '')
      : loadOrCreateDevelopmentCertificate(db).then(developmentSigner);
    // A failure is not cached: the next call tries again (and reports again).
    found.catch(() => cache.delete(db));
    cache.set(db, found);
  }
  return found;
}
