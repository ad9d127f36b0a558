// @vitest-environment node
/**
 * The seal certificate: the development CA + leaf are made once and kept with the data; a host's PKCS#12 file signs
 * instead (validated by pdfsig as trusted when its CA is), and a file that cannot be used stops with a message that
 * says what to check.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDevelopmentCertificate,
  loadOrCreateDevelopmentCertificate,
  p12Signer,
  SealConfigError,
} from '../../example-host/server/signing/certificates';
import { configFromEnv } from '../../example-host/server/config';
import { AUDIT_KEY_FILE, auditKeyOf, parseAuditKey } from '../../example-host/server/signing/audit-key';
import { START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';
import { pdfsig } from './signing-helpers';
import { toolOutput } from './tools';

let dir: string;
let caPem: string;
let p12Path: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'seal-p12-'));
  const made = await createDevelopmentCertificate();
  caPem = made.caPem;
  const key = `-----BEGIN PRIVATE KEY-----\n${made.leafKeyPkcs8.match(/.{1,64}/g)?.join('\n')}\n-----END PRIVATE KEY-----\n`;
  writeFileSync(join(dir, 'key.pem'), key);
  writeFileSync(join(dir, 'leaf.pem'), made.leafPem);
  writeFileSync(join(dir, 'ca.pem'), made.caPem);
  p12Path = join(dir, 'seal.p12');
  await toolOutput('openssl', [
    'pkcs12', '-export', '-inkey', join(dir, 'key.pem'), '-in', join(dir, 'leaf.pem'), '-certfile', join(dir, 'ca.pem'),
    '-passout', 'pass:s3cret', '-keypbe', 'AES-256-CBC', '-certpbe', 'AES-256-CBC', '-macalg', 'sha256', '-out', p12Path,
  ]);
  // Two RSA keys and an openssl child: the tests' own limit, not the 10 s default for hooks, which a busy machine passed.
}, 60_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function sealedWith(signer: Awaited<ReturnType<typeof p12Signer>>): Promise<Uint8Array> {
  const pdf = PDF.create();
  pdf.addPage({ size: 'a4' }).drawText('Sealed with a PKCS#12 file', { x: 50, y: 700 });
  return (await pdf.sign({ signer: signer.signer, level: 'B-B' })).bytes;
}

describe('a PKCS#12 seal certificate', () => {
  it('signs with a host’s PKCS#12 file: pdfsig reports it valid and trusted when its CA is', async () => {
    const seal = await p12Signer(p12Path, 's3cret');
    expect(seal.source).toBe('p12');
    const report = await pdfsig(await sealedWith(seal), caPem);
    expect(report.valid, report.output).toBe(true);
    expect(report.trusted, report.output).toBe(true);
    expect(report.cades, report.output).toBe(true);
  }, 30_000);

  it('says which file cannot be read, and that the passphrase may be wrong', async () => {
    await expect(p12Signer(join(dir, 'missing.p12'), 'x')).rejects.toThrow(SealConfigError);
    await expect(p12Signer(join(dir, 'missing.p12'), 'x')).rejects.toThrow(/missing\.p12 \(SIGNING_P12_PATH\) cannot be read \(ENOENT\)/);
    await expect(p12Signer(p12Path, 'wrong')).rejects.toThrow(/is not a PKCS#12 file this server can use: .*Check the passphrase \(SIGNING_P12_PASSPHRASE\)/s);
    writeFileSync(join(dir, 'junk.p12'), 'not a p12');
    await expect(p12Signer(join(dir, 'junk.p12'), 'x')).rejects.toThrow(SealConfigError);
  });

  it('stops the server’s start with that message', async () => {
    await expect(startTestServer({ signing: { p12Path: join(dir, 'missing.p12'), p12Passphrase: 'x', sweepIntervalMs: null } })).rejects.toThrow(
      /SIGNING_P12_PATH\) cannot be read/,
    );
  }, START_TIMEOUT_MS);
});

describe('the development certificate', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ signing: { sweepIntervalMs: null } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
  });

  it('is made on first start, kept with the data and read back the same afterwards', async () => {
    const first = await loadOrCreateDevelopmentCertificate(server.db);
    const again = await loadOrCreateDevelopmentCertificate(server.db);
    expect(again).toEqual(first);
    expect(first.caPem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const text = (await toolOutput('openssl', ['x509', '-noout', '-subject', '-issuer', '-ext', 'basicConstraints,extendedKeyUsage'], first.leafPem)).toString('utf8');
    expect(text).toMatch(/subject=.*Forms Admin Document Seal/);
    expect(text).toMatch(/issuer=.*Forms Admin Development CA/);
    expect(text).toContain('E-mail Protection');
    writeFileSync(join(dir, 'dev-ca.pem'), first.caPem);
    writeFileSync(join(dir, 'dev-leaf.pem'), first.leafPem);
    expect((await toolOutput('openssl', ['verify', '-CAfile', join(dir, 'dev-ca.pem'), join(dir, 'dev-leaf.pem')])).toString('utf8')).toContain(': OK');
  });
});

describe('the audit key', () => {
  it('comes from the configuration (base64 or hex, at least 32 bytes), else a key file beside the data folder made once', () => {
    expect(() => parseAuditKey('c2hvcnQ=', 'SIGNING_AUDIT_KEY')).toThrow(/at least 32 bytes/);
    expect(parseAuditKey('ab'.repeat(32), 'x')).toHaveLength(32);
    expect(configFromEnv({ SIGNING_AUDIT_KEY: 'ab'.repeat(32) }).signing?.auditKey).toBe('ab'.repeat(32));
    const dir = mkdtempSync(join(tmpdir(), 'audit-key-'));
    try {
      const first = auditKeyOf({ dataDir: join(dir, 'pglite'), signing: {} });
      expect(readFileSync(join(dir, AUDIT_KEY_FILE), 'utf8').trim()).toBe(Buffer.from(first).toString('base64'));
      // Another server over the same folder reads the same key.
      expect(auditKeyOf({ dataDir: join(dir, 'pglite'), signing: {} })).toEqual(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
