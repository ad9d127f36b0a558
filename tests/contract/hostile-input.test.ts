// @vitest-environment node
/**
 * Hostile input, on the reference server and the test fake alike: no route answers 5xx to a body
 * up to the size limit, or to an OData query, however it is built.
 *
 * - Every route of the server's registry that takes a body (so a route added later is covered
 *   without touching this file) gets bodies nested 5,000, 50,000 and 150,000 levels deep, and a
 *   body whose every string carries the NUL character, as the administrator and anonymously; the
 *   CRUD posts get a body of about 10 MB nested 1.7 million levels (413 or 400, never a closed
 *   connection).
 * - Every OData read gets a NUL string literal, a property path of 100 and more segments, thousands
 *   of nested parentheses and `not`s, and huge literals; `in` lists over the limit (and carrying NUL),
 *   `$search`es carrying NUL, of 10 KB, of thousands of terms or nested deeply, and 500 nested lambdas.
 *
 * The same requests go to the fake (its routes are the same paths), which must agree on the status.
 */
import http from 'node:http';
import { getResponse, type RequestHandler } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JSON_TOO_DEEP_MESSAGE,
  MAX_JSON_DEPTH,
  MAX_CHANGE_BODY_BYTES,
  NUL_CHARACTER_MESSAGE,
} from '../../src/domain';
import { FORMS_ODATA_SCHEMA, FORMS_ODATA_SETS } from '../../src/domain/odata/forms-schema';
import { ODATA_LIMITS } from '../../src/domain/odata/limits';
import { createFakeBackend, type FakeBackend } from '../../src/testing';
import type { AnyRouteDeclaration } from '../../example-host/server/routes/registry';
import { adminToken, START_TIMEOUT_MS, type TestServer } from '../server/helpers';
import { startContractServer } from './targets';

const FAKE_BASE = 'http://fake-backend.hostile.test';
/** A public schema of each backend (their seeds differ), so that anonymous instance posts read their body. */
const publicSchema: Record<'server' | 'fake', string> = { server: '', fake: '' };

let server: TestServer;
let serverToken: string;
let fake: FakeBackend;
let fakeHandlers: RequestHandler[];
let routes: readonly AnyRouteDeclaration[];

beforeAll(async () => {
  server = await startContractServer();
  serverToken = await adminToken(server);
  fake = createFakeBackend({ enforceClaims: true, currentUserId: null });
  fakeHandlers = fake.handlers(FAKE_BASE);
  routes = server.registry.list();
  for (const target of targets().filter((t) => t.token)) {
    const read = async <T>(path: string) => (JSON.parse((await send(target, 'GET', path)).text) as { value: T[] }).value;
    const schemas = await read<{ formSchemaId: string; formId: string }>('/odata/FormSchemaOData?$filter=isPublic eq true and isDeleted eq false');
    const liveForms = new Set((await read<{ formId: string }>('/odata/FormOData?$filter=isDeleted eq false&$top=1000')).map((f) => f.formId));
    publicSchema[target.name] = schemas.find((schema) => liveForms.has(schema.formId))?.formSchemaId ?? '';
    expect(publicSchema[target.name]).not.toBe('');
  }
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

interface Target {
  name: 'server' | 'fake';
  token: string | null;
}

function targets(): Target[] {
  return [
    { name: 'server', token: serverToken },
    { name: 'server', token: null },
    { name: 'fake', token: fake.tokenFor('admin') },
    { name: 'fake', token: null },
  ];
}

interface Answer {
  status: number;
  text: string;
}

/**
 * A request to the server over a socket of its own. The answer counts as soon as it arrives: a
 * route that refuses before reading a large body answers while the body is still being sent, and
 * the server then closes the connection instead of reading the rest.
 */
function serverRequest(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      const done = () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', done);
      res.on('error', done);
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}

/** The fake's answer, straight from its MSW handlers (no interception of the process's requests). */
async function fakeRequest(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const res = await getResponse(fakeHandlers, new Request(url, { method, headers, body }));
  if (!res) throw new Error(`The fake has no route for ${method} ${url}.`);
  return { status: res.status, text: await res.text() };
}

async function send(target: Target, method: string, path: string, body?: string): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (target.token) headers.authorization = `Bearer ${target.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const url = new URL(path, target.name === 'server' ? server.url : FAKE_BASE).href;
  return target.name === 'server' ? serverRequest(url, method, headers, body) : fakeRequest(url, method, headers, body);
}

/** The status and problem details' detail of an answer. */
async function refusal(target: Target, method: string, path: string, body?: string): Promise<{ status: number; detail?: string }> {
  const answer = await send(target, method, path, body);
  try {
    return { status: answer.status, detail: (JSON.parse(answer.text) as { detail?: string }).detail };
  } catch {
    return { status: answer.status };
  }
}

/** An object nested `levels` deep: `{"a":[[…]]}` (2 bytes a level, so 150,000 levels stay small). */
function nested(levels: number): string {
  return `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
}

/** The properties of the CRUD bodies that take JSON objects (form data, schema, layout, PDF template). */
const OBJECT_PROPERTIES = ['data', 'jsonSchema', 'layout', 'pdfTemplate'] as const;

/**
 * A body naming what the body-taking routes read (a public schema, names, signers, change arrays),
 * with `value` (JSON text) as `property`, and `text` in every string.
 */
function bodyWith(target: Target, property: string, value: string, text = 'x'): string {
  const t = JSON.stringify(text);
  return (
    `{"formSchemaId":"${publicSchema[target.name]}","formId":"${crypto.randomUUID()}","name":${t},"description":${t},` +
    `"claimGroupsToAdd":[],"claimBaseToAddUpdate":[],"signers":[{"name":${t},"email":${t}}],"${property}":${value}}`
  );
}

const bodyRoutes = () => routes.filter((r) => r.method !== 'GET');

describe('bodies nested up to the size limit', () => {
  for (const levels of [5_000, 50_000, 150_000]) {
    it(`every route answers 4xx to a body nested ${levels} levels, the JSON routes 400 "nested too deeply"`, async () => {
      const refusals: string[] = [];
      for (const target of targets()) {
        for (const property of OBJECT_PROPERTIES) {
          const body = bodyWith(target, property, nested(levels));
          // Under every route's size limit (the smallest, of change bodies, included).
          expect(new TextEncoder().encode(body).length).toBeLessThan(MAX_CHANGE_BODY_BYTES);
          for (const route of bodyRoutes()) {
            const answer = await send(target, route.method, route.path, body);
            if (answer.status >= 500) refusals.push(`${target.name} ${target.token ? 'admin' : 'anonymous'} ${route.method} ${route.path} ${property} → ${answer.status}`);
          }
        }
      }
      expect(refusals).toEqual([]);
      for (const target of targets().filter((t) => t.token)) {
        const cases = [
          ['/api/crud/forminstance/post', 'data'],
          ['/api/crud/form/post', 'pdfTemplate'],
          ['/api/crud/formschema/post', 'jsonSchema'],
          ['/api/crud/formschema/post', 'layout'],
          ['/api/Claim/AddRemoveUpdateClaimsToAppUserOrUsers', 'data'],
        ] as const;
        for (const [path, property] of cases) {
          const body = bodyWith(target, property, nested(levels));
          expect(await refusal(target, 'POST', path, body), `${target.name} ${path} ${property}`).toEqual({ status: 400, detail: JSON_TOO_DEEP_MESSAGE });
        }
      }
    }, 240_000);
  }

  it('a body of about 10 MB nested 1.7 million levels is answered 413 or 400, never a closed connection', async () => {
    const levels = 1_700_000;
    // `{"a":` a level: 6 bytes each, just under the server's 10 MiB body limit.
    const body = `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
    expect(body.length).toBeGreaterThan(10_000_000);
    const answers: string[] = [];
    for (const target of targets().filter((t) => t.token)) {
      for (const path of ['/api/crud/formschema/post', '/api/crud/form/post', '/api/crud/forminstance/post']) {
        const answer = await send(target, 'POST', path, body);
        answers.push(`${target.name} ${path} → ${answer.status === 413 || answer.status === 400 ? '4xx' : answer.status}`);
      }
    }
    expect(answers.every((a) => a.endsWith('4xx')), answers.join('\n')).toBe(true);
  }, 60_000);

  it(`a body nested ${MAX_JSON_DEPTH} levels passes the body check (the form data's own limit answers)`, async () => {
    for (const target of targets().filter((t) => t.token)) {
      const answer = await refusal(target, 'POST', '/api/crud/forminstance/post', `{"formSchemaId":"${publicSchema[target.name]}","data":${nested(MAX_JSON_DEPTH - 1)}}`);
      expect(answer.status, `${target.name} ${answer.detail}`).toBe(400);
      expect(answer.detail, target.name).toMatch(/form data is nested too deeply/);
    }
  });
});

describe('the NUL character', () => {
  it('every route answers 4xx to a body carrying NUL, the JSON routes 400 naming it', async () => {
    const bodies = (target: Target) => [
      bodyWith(target, 'data', '{"k":"a"}', 'nul\u0000name'),
      bodyWith(target, 'data', '{"k":"a\\u0000b"}'),
      bodyWith(target, 'data', '{"k\\u0000":1}'),
      bodyWith(target, 'jsonSchema', '{"title":"\\u0000"}'),
      bodyWith(target, 'pdfTemplate', '{"fileName":"a\\u0000.pdf","pageCount":1,"fields":[]}'),
    ];
    const refusals: string[] = [];
    for (const target of targets()) {
      for (const route of bodyRoutes()) {
        for (const body of bodies(target)) {
          const answer = await send(target, route.method, route.path, body);
          if (answer.status >= 500) refusals.push(`${target.name} ${target.token ? 'admin' : 'anonymous'} ${route.method} ${route.path} → ${answer.status}`);
        }
      }
    }
    expect(refusals).toEqual([]);
    for (const target of targets()) {
      for (const body of bodies(target)) {
        expect(await refusal(target, 'POST', '/api/crud/forminstance/post', body), target.name).toEqual({ status: 400, detail: NUL_CHARACTER_MESSAGE });
      }
      if (target.token) {
        expect(await refusal(target, 'POST', '/api/crud/formgroup/post', '{"name":"a\\u0000"}'), target.name).toEqual({ status: 400, detail: NUL_CHARACTER_MESSAGE });
      }
    }
  }, 240_000);
});

describe('query parameters carrying NUL', () => {
  it('every route answers 4xx (or 2xx) when each of its parameters carries NUL', async () => {
    const common = ['Id', 'formInstanceId', 'formSchemaId', 'schemaId', 'groupName', 'newGroupName', 'currentGroupName', 'currentGroupId', 'groupToDeleteId', 'authId', 'tableName', 'flags', 'page', 'count', 'token', 'search'];
    const problems: string[] = [];
    for (const target of targets()) {
      for (const route of routes) {
        const names = new Set([...common, ...Object.keys(route.example?.query ?? {})]);
        const query = [...names].map((name) => `${name}=a%00b`).join('&');
        const answer = await send(target, route.method, `${route.path}?${query}`, route.method === 'GET' ? undefined : '{}');
        if (answer.status >= 500) problems.push(`${target.name} ${target.token ? 'admin' : 'anonymous'} ${route.method} ${route.path} → ${answer.status}`);
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);
});

describe('hostile OData queries', () => {
  const odataRoutes = () => routes.filter((r) => r.method === 'GET' && r.path.startsWith('/odata/'));

  /** A JSON property of the set's type, when it has one (paths into it go to a database function). */
  function jsonProperty(path: string): string {
    const set = path.slice('/odata/'.length);
    const typeName = (FORMS_ODATA_SETS as Record<string, string | { type: string }>)[set];
    const type = FORMS_ODATA_SCHEMA[(typeof typeName === 'string' ? typeName : typeName?.type) as keyof typeof FORMS_ODATA_SCHEMA];
    return Object.entries(type?.properties ?? {}).find(([, t]) => t === 'json')?.[0] ?? 'name';
  }

  function queries(path: string): Record<string, { query: string; refused: boolean }> {
    const json = jsonProperty(path);
    const segments = (n: number) => [json, ...Array.from({ length: n - 1 }, () => 'a')].join('/');
    return {
      'a NUL string literal': { query: `$filter=name eq '%00'`, refused: true },
      'NUL inside a contains': { query: `$filter=contains(name,'a%00b')`, refused: true },
      'a path of 100 segments': { query: `$filter=${segments(100)} eq 'x'`, refused: true },
      'a path of 150 segments': { query: `$filter=${segments(150)} eq 1`, refused: true },
      'an $orderby path of 120 segments': { query: `$orderby=${segments(120)}`, refused: true },
      [`a path at the limit (${ODATA_LIMITS.maxPathSegments} segments)`]: { query: `$filter=${segments(ODATA_LIMITS.maxPathSegments)} eq 'x'`, refused: false },
      '2,000 nested parentheses': { query: `$filter=${'('.repeat(2000)}name eq 'a'${')'.repeat(2000)}`, refused: true },
      '1,500 nested nots': { query: `$filter=${'not '.repeat(1500)}(name eq 'a')`, refused: true },
      '500 nested $expands': { query: `$expand=${'x($expand='.repeat(500)}x${')'.repeat(500)}`, refused: true },
      '600 nested $filters in an $expand': { query: `$expand=x($filter=${'('.repeat(600)}name eq 'a'${')'.repeat(600)})`, refused: true },
      'a huge string literal': { query: `$filter=name eq '${'a'.repeat(12_000)}'`, refused: false },
      'a huge number': { query: `$filter=name eq ${'9'.repeat(5000)}`, refused: true },
      'a long number': { query: `$filter=name eq ${'9'.repeat(300)}`, refused: false },
      [`an in list at the limit (${ODATA_LIMITS.maxInValues} values)`]: { query: `$filter=isDeleted in (${Array(ODATA_LIMITS.maxInValues).fill('false').join(',')})`, refused: false },
      'an in list one over the limit': { query: `$filter=isDeleted in (${Array(ODATA_LIMITS.maxInValues + 1).fill('false').join(',')})`, refused: true },
      'an in list of 5,000 values': { query: `$filter=isDeleted in (${Array(5000).fill('1').join(',')})`, refused: true },
      'NUL in an in list': { query: `$filter=isDeleted in ('a%00')`, refused: true },
      'an unclosed in list': { query: `$filter=isDeleted in (true,${'('.repeat(3000)}`, refused: true },
      'a $search carrying NUL': { query: '$search=a%00b', refused: true },
      'a $search of 10 KB': { query: `$search=${'a'.repeat(10_000)}`, refused: true },
      'a $search of 5,000 terms': { query: `$search=${Array(5000).fill('a').join('+')}`, refused: true },
      [`a $search of ${ODATA_LIMITS.maxSearchTerms + 1} terms`]: { query: `$search=${Array(ODATA_LIMITS.maxSearchTerms + 1).fill('a').join('%20')}`, refused: true },
      'a $search of 100 nested parentheses': { query: `$search=${'('.repeat(100)}a${')'.repeat(100)}`, refused: true },
      'a $search of 60 nested NOTs': { query: `$search=${'NOT%20'.repeat(60)}a`, refused: true },
      'a $search with LIKE wildcards': { query: `$search=${encodeURIComponent('%_ "a\\\\b"')}`, refused: false },
      '500 nested any lambdas': {
        query: `$filter=${Array.from({ length: 500 }, (_, i) => `${i === 0 ? '' : `v${i - 1}/`}n/any(v${i}:`).join('')}v499/name eq 1${')'.repeat(500)}`,
        refused: true,
      },
      'a lambda over an unknown navigation': { query: '$filter=nope/any(x: x/name eq 1)', refused: true },
      'a lambda naming outside its variable': { query: '$filter=nope/all(x: name eq 1)', refused: true },
    };
  }

  it('every OData read answers 4xx (or 200) to every hostile query, the same on both backends', async () => {
    const problems: string[] = [];
    for (const route of odataRoutes()) {
      const describesService = route.path === '/odata/$metadata';
      for (const [name, { query, refused }] of Object.entries(queries(route.path))) {
        const statuses: Record<string, number> = {};
        for (const target of targets()) {
          const answer = await send(target, 'GET', `${route.path}?${query}`);
          const key = `${target.name} ${target.token ? 'admin' : 'anonymous'}`;
          statuses[key] = answer.status;
          if (answer.status >= 500) problems.push(`${key} ${route.path} ${name} → ${answer.status}`);
          // The service description takes no query options: it ignores them (answers 200) or refuses them, never 5xx.
          if (target.token && refused && !describesService && answer.status !== 400) problems.push(`${key} ${route.path} ${name} → ${answer.status}, not 400`);
        }
        if (statuses['server admin'] !== statuses['fake admin'] || statuses['server anonymous'] !== statuses['fake anonymous']) problems.push(`${route.path} ${name}: ${JSON.stringify(statuses)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
