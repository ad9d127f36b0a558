// @vitest-environment node
/**
 * File upload answers on the fake and the reference server, beyond forms-abuse's scenario: what is stored when the
 * body declares no size (chunked), the upload's own 413 at the 10 MiB cap, and the files no answer references
 * deleted after the keep period (each upload sweeps its instance; the sweep over every file on the schedule).
 */
import { sql } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormInstanceStatus } from '../../src/api/enums';
import type { FormLayout, JsonObject } from '../../src/api/types';
import { FORM_LINK_TOKEN_HEADER } from '../../src/domain/forms';
import { FILE_MAX_BYTES, fileSchema } from '../../src/engine/files';
import { FILE_UNREFERENCED_KEEP_MS, fileTooLargeMessage, sweepFormFiles } from '../../src/service/files';
import { createFakeBackend } from '../../src/testing';
import { drizzleFormFiles } from '../../example-host/server/files';
import { serverInstancePorts } from '../../example-host/server/forms/store';
import { adminToken } from '../server/helpers';
import { startContractServer } from './targets';

const FAKE = 'http://fake-backend.form-files.test';
const HOUR = 60 * 60 * 1000;
/** A visitor's bytes per address and minute: one 3,000-byte upload fits, a second does not. */
const BYTES_PER_MINUTE = 5_000;

interface Target {
  name: 'fake' | 'server';
  baseUrl: string;
  adminToken: string;
  /** Makes every stored file older by `ms` (the fake: its clock moves on; the server: the rows' upload times move back). */
  age(ms: number): Promise<void>;
  /** Runs the sweep over every stored file at once (the fake: an upload does when it is due, as its clock moved). */
  sweepAll(): Promise<void>;
  stop(): Promise<void>;
}

async function fakeTarget(): Promise<Target> {
  let now = Date.parse('2026-03-01T09:00:00Z');
  const backend = createFakeBackend({
    enforceClaims: true,
    currentUserId: null,
    now: () => new Date(now),
    anonymousWriteLimits: { bytesPerAddress: { max: BYTES_PER_MINUTE, windowSeconds: 60 } },
  });
  const msw = setupServer(...backend.handlers(FAKE));
  msw.listen({ onUnhandledRequest: 'bypass' });
  return {
    name: 'fake',
    baseUrl: FAKE,
    adminToken: backend.tokenFor('admin'),
    age: async (ms) => void (now += ms),
    sweepAll: async () => undefined,
    stop: async () => msw.close(),
  };
}

async function serverTarget(): Promise<Target> {
  const server = await startContractServer({ anonymousWriteLimits: { bytesPerAddress: { max: BYTES_PER_MINUTE, windowSeconds: 60 } } });
  return {
    name: 'server',
    baseUrl: server.url,
    adminToken: await adminToken(server),
    async age(ms) {
      await server.db.execute(sql`UPDATE form_files SET created_date_time = created_date_time - make_interval(secs => ${ms / 1000})`);
    },
    async sweepAll() {
      await sweepFormFiles({ storage: serverInstancePorts(server.db).storage, files: drizzleFormFiles(server.db) }, new Date(), null);
    },
    stop: () => server.stop(),
  };
}

async function json(target: Target, method: string, path: string, body: unknown, token: string) {
  const res = await fetch(`${target.baseUrl}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  const answer = (await res.json().catch(() => null)) as { formInstanceId?: string; formSchemaId?: string; formId?: string } | null;
  return { status: res.status, answer, token: res.headers.get(FORM_LINK_TOKEN_HEADER) ?? '' };
}

/** A public form with the file upload field `papers` (text or PNG, up to `maxBytes`, two files) and a new visitor's instance. */
async function visitorInstance(target: Target, maxBytes: number) {
  const form = await json(target, 'POST', '/api/crud/form/post', { name: `Files ${crypto.randomUUID().slice(0, 8)}` }, target.adminToken);
  const jsonSchema: JsonObject = { type: 'object', properties: { papers: fileSchema({ accepted: ['text/plain', 'image/png'], maxBytes, maxFiles: 2 }) } };
  const layout: FormLayout = { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'papers', path: '/papers', widget: 'file', label: 'Papers' }] }] }] };
  const schema = await json(target, 'POST', '/api/crud/formschema/post', { formId: form.answer?.formId, jsonSchema, layout, isPublic: true }, target.adminToken);
  const res = await fetch(`${target.baseUrl}/api/crud/forminstance/post`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ formSchemaId: schema.answer?.formSchemaId, data: {}, status: FormInstanceStatus.InProgress }),
  });
  const created = (await res.json()) as { formInstanceId: string };
  return { formInstanceId: created.formInstanceId, token: res.headers.get(FORM_LINK_TOKEN_HEADER) ?? '' };
}

/** A multipart body holding `bytes` as the file `name` in the field `File`. */
function multipart(name: string, bytes: Uint8Array) {
  const boundary = `----ccq-${crypto.randomUUID()}`;
  const encoder = new TextEncoder();
  const head = encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`);
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(head.length + bytes.length + tail.length);
  body.set(head);
  body.set(bytes, head.length);
  body.set(tail, head.length + bytes.length);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Uploads `size` bytes of text; `chunked` sends the body as a stream without `Content-Length`. */
async function upload(target: Target, instance: { formInstanceId: string; token: string }, size: number, chunked: boolean) {
  const { body, contentType } = multipart(`notes-${size}.txt`, new Uint8Array(size).fill(0x61));
  const query = new URLSearchParams({ formInstanceId: instance.formInstanceId, fieldId: 'papers' });
  const stream = () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += 64 * 1024) controller.enqueue(body.slice(at, at + 64 * 1024));
        controller.close();
      },
    });
  const res = await fetch(`${target.baseUrl}/api/FormFiles/Upload?${query}`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: `Bearer ${instance.token}` },
    ...(chunked ? { body: stream(), duplex: 'half' } : { body }),
  } as RequestInit);
  const answer = (await res.json().catch(() => null)) as { fileId?: string; code?: string; detail?: string } | null;
  return { status: res.status, code: answer?.code, detail: answer?.detail, fileId: answer?.fileId ?? '' };
}

const download = async (target: Target, fileId: string) =>
  (await fetch(`${target.baseUrl}/api/FormFiles/Download?fileId=${fileId}`, { headers: { authorization: `Bearer ${target.adminToken}` } })).status;

type Facts = Record<string, unknown>;

async function scenario(target: Target): Promise<Facts> {
  const facts: Facts = {};
  // Unreferenced files: kept for the keep period, then deleted by the next upload to the instance (uploaded by staff:
  // the rule does not ask who uploaded, and the visitor's byte bounds stay for the last part).
  const mine = await visitorInstance(target, 4096);
  const other = await visitorInstance(target, 4096);
  const staff = (instance: { formInstanceId: string }) => ({ formInstanceId: instance.formInstanceId, token: target.adminToken });
  const kept = await upload(target, staff(mine), 100, false);
  const replaced = await upload(target, staff(mine), 200, false);
  const abandoned = await upload(target, staff(other), 300, false);
  const reference = { fileId: kept.fileId, name: 'notes-100.txt', size: 100, type: 'text/plain' };
  facts['save'] = (await json(target, 'PATCH', '/api/crud/forminstance/patch', { formInstanceId: mine.formInstanceId, data: { papers: [reference] } }, target.adminToken)).status;
  await target.age(FILE_UNREFERENCED_KEEP_MS - HOUR);
  facts['within.keep'] = (await upload(target, staff(mine), 50, false)).status;
  facts['within.keep.replaced'] = await download(target, replaced.fileId);
  await target.age(2 * HOUR);
  const fresh = await upload(target, staff(mine), 60, false);
  facts['after.keep.upload'] = fresh.status;
  facts['after.keep'] = { kept: await download(target, kept.fileId), replaced: await download(target, replaced.fileId), fresh: await download(target, fresh.fileId) };
  await target.sweepAll();
  facts['after.keep.other.instance'] = await download(target, abandoned.fileId);

  // At the 10 MiB cap: the upload's own 413 (no body limit of the app's before it), declared or not; refused before
  // the visitor's bounds count it.
  const capped = await visitorInstance(target, FILE_MAX_BYTES);
  facts['cap.declared'] = await upload(target, capped, FILE_MAX_BYTES + 20_000, false).then(({ status, code, detail }) => ({ status, code, detail }));
  facts['cap.chunked'] = await upload(target, capped, FILE_MAX_BYTES + 20_000, true).then(({ status, code, detail }) => ({ status, code, detail }));

  // Chunked: the bytes read count against the visitor's bounds as a declared size does.
  const bounded = await visitorInstance(target, 4096);
  facts['chunked.too.large'] = await upload(target, bounded, 5000, true).then(({ status, code, detail }) => ({ status, code, detail }));
  facts['chunked.first'] = (await upload(target, bounded, 3000, true)).status;
  facts['chunked.second'] = await upload(target, bounded, 3000, true).then(({ status, code }) => ({ status, code }));
  return facts;
}

const results: Partial<Record<'fake' | 'server', Facts>> = {};

beforeAll(async () => {
  for (const start of [fakeTarget, serverTarget]) {
    const target = await start();
    try {
      results[target.name] = await scenario(target);
    } finally {
      await target.stop();
    }
  }
}, 240_000);

afterAll(() => undefined);

describe.each(['fake', 'server'] as const)('file uploads on the %s', (backend) => {
  const f = () => results[backend] ?? {};

  it('count a chunked body with the bytes read against a visitor’s bounds, and refuse it past the field’s size', () => {
    expect(f()['chunked.first']).toBe(200);
    expect(f()['chunked.second']).toEqual({ status: 429, code: 'address-bytes' });
    expect(f()['chunked.too.large']).toEqual({ status: 413, code: 'file-size', detail: "The file for 'papers' is larger than 4 KB." });
  });

  it('answer the upload’s own 413 at the 10 MiB cap, with or without a declared length', () => {
    const detail = fileTooLargeMessage('papers', FILE_MAX_BYTES);
    expect(detail).toBe("The file for 'papers' is larger than 10 MB.");
    expect(f()['cap.declared']).toEqual({ status: 413, code: 'file-size', detail });
    expect(f()['cap.chunked']).toEqual({ status: 413, code: 'file-size', detail });
  });

  it('delete a file no answer references once it is older than the keep period; a referenced one stays', () => {
    expect(f().save).toBe(200);
    expect(f()['within.keep']).toBe(200);
    expect(f()['within.keep.replaced']).toBe(200);
    expect(f()['after.keep.upload']).toBe(200);
    expect(f()['after.keep']).toEqual({ kept: 200, replaced: 404, fresh: 200 });
    expect(f()['after.keep.other.instance']).toBe(404);
  });
});

describe('the fake and the server agree', () => {
  it('on every file fact', () => {
    expect(results.server).toEqual(results.fake);
  });
});
