// @vitest-environment node
/**
 * Contract of `GET /odata/$metadata` on the fake and the reference server alike: anybody may read it; it answers OData
 * 4.0 CSDL XML (`application/xml`) by default and JSON CSDL with `$format=json` or `Accept: application/json`; it
 * describes every entity set the route table serves under /odata/ with its entity type and key; each described set
 * answers a query that selects every declared property and orders by the key; an unknown `$format` is 400. Both
 * backends answer the same documents.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_RULES } from '../../src/domain';
import { FORMS_ODATA_SCHEMA, FORMS_ODATA_SETS } from '../../src/domain/odata';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

// jsdom's XML parser (jsdom ships no types of its own): only its DOMParser is used.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };

const EDMX = 'http://docs.oasis-open.org/odata/ns/edmx';
const EDM = 'http://docs.oasis-open.org/odata/ns/edm';

/** The entity sets the route table serves (every `/odata/` read but the description itself). */
const servedSets = ROUTE_RULES.filter((r) => r.method === 'GET' && r.path.startsWith('/odata/') && r.path !== '/odata/$metadata')
  .map((r) => r.path.slice('/odata/'.length))
  .sort();

interface DescribedSet {
  name: string;
  type: string;
  key: string[];
  properties: string[];
}

/** The entity sets a CSDL XML document describes, each with its type's key and properties. */
function describedSets(xml: string): { version: string | null; namespace: string | null; sets: DescribedSet[] } {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error(`not well-formed XML:\n${xml.slice(0, 400)}`);
  const root = doc.documentElement;
  expect(root.namespaceURI).toBe(EDMX);
  expect(root.localName).toBe('Edmx');
  const schema = doc.getElementsByTagNameNS(EDM, 'Schema')[0];
  const namespace = schema?.getAttribute('Namespace') ?? null;
  const types = new Map([...doc.getElementsByTagNameNS(EDM, 'EntityType')].map((t) => [`${namespace}.${t.getAttribute('Name')}`, t]));
  const sets = [...doc.getElementsByTagNameNS(EDM, 'EntitySet')].map((set) => {
    const typeName = set.getAttribute('EntityType') ?? '';
    const type = types.get(typeName);
    if (!type) throw new Error(`EntitySet ${set.getAttribute('Name')} names an undeclared type ${typeName}`);
    return {
      name: set.getAttribute('Name') ?? '',
      type: typeName,
      key: [...type.getElementsByTagNameNS(EDM, 'PropertyRef')].map((p) => p.getAttribute('Name') ?? ''),
      properties: [...type.getElementsByTagNameNS(EDM, 'Property')].map((p) => p.getAttribute('Name') ?? ''),
    };
  });
  return { version: root.getAttribute('Version'), namespace, sets: sets.sort((a, b) => a.name.localeCompare(b.name)) };
}

const get = (target: ContractTarget, path: string, headers: Record<string, string> = {}) => fetch(`${target.baseUrl}${path}`, { headers });

describe.each([
  ['fake', startFakeTarget],
  ['server', startServerTarget],
] as const)('GET /odata/$metadata on the %s', (_name, start) => {
  let target: ContractTarget;
  beforeAll(async () => {
    target = await start();
  }, 120_000);
  afterAll(async () => {
    await target?.stop();
  });

  it('answers CSDL XML to anybody, describing every served entity set with its type and key', async () => {
    const response = await get(target, '/odata/$metadata');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml\b/);
    const { version, namespace, sets } = describedSets(await response.text());
    expect(version).toBe('4.0');
    expect(namespace).toBe('CcqForms');
    expect(servedSets).toEqual(['FormGroupOData', 'FormInstanceOData', 'FormOData', 'FormSchemaOData']);
    expect(sets.map((s) => s.name)).toEqual(servedSets);
    const keys = Object.fromEntries(sets.map((s) => [s.name, { type: s.type, key: s.key }]));
    expect(keys).toEqual({
      FormOData: { type: 'CcqForms.Form', key: ['formId'] },
      FormGroupOData: { type: 'CcqForms.FormGroup', key: ['formGroupId'] },
      FormInstanceOData: { type: 'CcqForms.FormInstance', key: ['formInstanceId'] },
      FormSchemaOData: { type: 'CcqForms.FormSchema', key: ['formSchemaId'] },
    });
    for (const set of sets) {
      // The key is one of the type's properties, and the type declares exactly what its set's queries may name.
      expect(set.properties).toContain(set.key[0]);
      const typeName = FORMS_ODATA_SETS[set.name as keyof typeof FORMS_ODATA_SETS];
      expect(set.properties.sort()).toEqual(Object.keys(FORMS_ODATA_SCHEMA[typeName].properties).sort());
    }
  });

  it('each described set answers a query selecting every declared property, ordered by its key', async () => {
    const { sets } = describedSets(await (await get(target, '/odata/$metadata')).text());
    for (const set of sets) {
      const query = new URLSearchParams({ $select: set.properties.join(','), $orderby: set.key.join(','), $top: '1', $count: 'true' });
      const response = await get(target, `/odata/${set.name}?${query}`, { authorization: `Bearer ${target.adminToken}` });
      expect(response.status, set.name).toBe(200);
      const body = (await response.json()) as { value: unknown[]; '@odata.count': number };
      expect(Array.isArray(body.value), set.name).toBe(true);
    }
  });

  it('answers JSON CSDL for $format=json and for Accept: application/json, with the same sets and keys', async () => {
    const xmlSets = describedSets(await (await get(target, '/odata/$metadata')).text()).sets;
    for (const response of [await get(target, '/odata/$metadata?$format=json'), await get(target, '/odata/$metadata', { accept: 'application/json' })]) {
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
      const csdl = (await response.json()) as Record<string, unknown> & { $Version: string; $EntityContainer: string };
      expect(csdl.$Version).toBe('4.0');
      expect(csdl.$EntityContainer).toBe('CcqForms.Container');
      const types = csdl.CcqForms as Record<string, Record<string, unknown>>;
      const container = types.Container as Record<string, { $Type?: string; $Collection?: boolean }>;
      const sets = Object.entries(container)
        .filter(([name]) => !name.startsWith('$'))
        .map(([name, set]) => {
          const type = types[(set.$Type ?? '').replace(/^CcqForms\./, '')] as { $Key: string[] } & Record<string, { $Kind?: string }>;
          return {
            name,
            type: set.$Type ?? '',
            key: type.$Key,
            properties: Object.keys(type).filter((p) => !p.startsWith('$') && type[p]?.$Kind !== 'NavigationProperty'),
          };
        })
        .sort((a, b) => a.name.localeCompare(b.name));
      expect(sets.map(({ name, type, key }) => ({ name, type, key }))).toEqual(xmlSets.map(({ name, type, key }) => ({ name, type, key })));
      expect(sets.map((s) => s.properties.sort())).toEqual(xmlSets.map((s) => s.properties.sort()));
    }
  });

  it('refuses an unknown $format with 400 problem details', async () => {
    const response = await get(target, '/odata/$metadata?$format=atom');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
    expect(((await response.json()) as { detail: string }).detail).toBe("The $format 'atom' is not offered for $metadata: use xml or json.");
  });
});

describe('GET /odata/$metadata, fake and server', () => {
  it('answer the same XML and JSON documents', async () => {
    const targets = [await startFakeTarget(), await startServerTarget()];
    try {
      const answers = await Promise.all(
        targets.map(async (t) => [await (await get(t, '/odata/$metadata')).text(), await (await get(t, '/odata/$metadata?$format=json')).text()]),
      );
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]?.[0]).toContain('<EntitySet Name="FormOData" EntityType="CcqForms.Form">');
    } finally {
      for (const t of targets) await t.stop();
    }
  }, 120_000);
});
