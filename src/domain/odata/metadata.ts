/**
 * The service description, `GET /odata/$metadata`: the entity sets a service serves, as OData 4.0 CSDL, built from the
 * same entity types that bind and evaluate queries ({@link ODataSchema}), so the description cannot drift from what
 * the sets accept. XML (`application/xml`, the default) or JSON CSDL (`$format=json`, or an `Accept` that asks for
 * JSON and not XML). React-free: the test fake and the reference server answer with {@link answerODataMetadata}.
 */
import { ODataError } from './errors';
import { FORMS_ODATA_SCHEMA, FORMS_ODATA_SETS } from './forms-schema';
import type { ODataEntityType, ODataPropertyType, ODataSchema } from './schema';

/** The path of the service description. */
export const ODATA_METADATA_PATH = '/odata/$metadata';

/** The namespace of the forms service's types, and its entity container's name. */
export const ODATA_NAMESPACE = 'CcqForms';
export const ODATA_CONTAINER = 'Container';

/** The open complex type a `json` property holds: a JSON document whose members are not declared. */
export const ODATA_JSON_TYPE = 'JsonDocument';

/** Content types of the description's two forms. */
export const ODATA_METADATA_XML_TYPE = 'application/xml; charset=utf-8';
export const ODATA_METADATA_JSON_TYPE = 'application/json; charset=utf-8';

/** A service: its entity types and the entity sets that serve them (set name → type name). */
export interface ODataService {
  readonly schema: ODataSchema;
  readonly sets: Readonly<Record<string, string>>;
  readonly namespace: string;
  readonly container: string;
}

/** The forms service (`/odata/FormOData` and the other three sets). */
export const FORMS_ODATA_SERVICE: ODataService = {
  schema: FORMS_ODATA_SCHEMA,
  sets: FORMS_ODATA_SETS,
  namespace: ODATA_NAMESPACE,
  container: ODATA_CONTAINER,
};

/**
 * The EDM type of a property type. The services' numbers are whole (versions, status and envelope status values), so
 * `number` is `Edm.Int32`; a `json` property is the open complex type {@link ODATA_JSON_TYPE}.
 */
export function edmType(type: ODataPropertyType, namespace: string): string {
  switch (type) {
    case 'string':
      return 'Edm.String';
    case 'number':
      return 'Edm.Int32';
    case 'boolean':
      return 'Edm.Boolean';
    case 'dateTime':
      return 'Edm.DateTimeOffset';
    case 'guid':
      return 'Edm.Guid';
    case 'json':
      return `${namespace}.${ODATA_JSON_TYPE}`;
  }
}

/** The entity set serving a type (the first one, when several do). */
function setOfType(service: ODataService, typeName: string): string | undefined {
  return Object.entries(service.sets).find(([, type]) => type === typeName)?.[0];
}

function checkService(service: ODataService): void {
  for (const [set, typeName] of Object.entries(service.sets)) {
    if (!Object.prototype.hasOwnProperty.call(service.schema, typeName)) throw new Error(`The entity set '${set}' serves an unknown type '${typeName}'.`);
  }
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function entityTypeXml(service: ODataService, entity: ODataEntityType): string[] {
  const ns = service.namespace;
  const lines = [`      <EntityType Name="${escapeXml(entity.name)}">`, `        <Key><PropertyRef Name="${escapeXml(entity.key)}"/></Key>`];
  for (const [name, type] of Object.entries(entity.properties)) {
    const nullable = name === entity.key ? ' Nullable="false"' : '';
    lines.push(`        <Property Name="${escapeXml(name)}" Type="${escapeXml(edmType(type, ns))}"${nullable}/>`);
  }
  for (const [name, nav] of Object.entries(entity.navigations ?? {})) {
    const target = `${ns}.${nav.target}`;
    const type = nav.many ? `Collection(${target})` : target;
    lines.push(`        <NavigationProperty Name="${escapeXml(name)}" Type="${escapeXml(type)}">`);
    // A single-valued navigation: this row's property names the target's (e.g. formGroupId → FormGroup.formGroupId).
    if (!nav.many) lines.push(`          <ReferentialConstraint Property="${escapeXml(nav.sourceProperty)}" ReferencedProperty="${escapeXml(nav.targetProperty)}"/>`);
    lines.push('        </NavigationProperty>');
  }
  lines.push('      </EntityType>');
  return lines;
}

/** The service description as OData 4.0 CSDL XML. */
export function odataMetadataXml(service: ODataService = FORMS_ODATA_SERVICE): string {
  checkService(service);
  const ns = service.namespace;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">',
    '  <edmx:DataServices>',
    `    <Schema Namespace="${escapeXml(ns)}" xmlns="http://docs.oasis-open.org/odata/ns/edm">`,
    `      <ComplexType Name="${ODATA_JSON_TYPE}" OpenType="true"/>`,
  ];
  for (const entity of Object.values(service.schema)) lines.push(...entityTypeXml(service, entity));
  lines.push(`      <EntityContainer Name="${escapeXml(service.container)}">`);
  for (const [set, typeName] of Object.entries(service.sets)) {
    const entity = service.schema[typeName] as ODataEntityType;
    const bindings = Object.entries(entity.navigations ?? {})
      .map(([name, nav]) => [name, setOfType(service, nav.target)] as const)
      .filter((binding): binding is readonly [string, string] => binding[1] !== undefined);
    if (bindings.length === 0) {
      lines.push(`        <EntitySet Name="${escapeXml(set)}" EntityType="${escapeXml(`${ns}.${typeName}`)}"/>`);
      continue;
    }
    lines.push(`        <EntitySet Name="${escapeXml(set)}" EntityType="${escapeXml(`${ns}.${typeName}`)}">`);
    for (const [path, target] of bindings) lines.push(`          <NavigationPropertyBinding Path="${escapeXml(path)}" Target="${escapeXml(target)}"/>`);
    lines.push('        </EntitySet>');
  }
  lines.push('      </EntityContainer>', '    </Schema>', '  </edmx:DataServices>', '</edmx:Edmx>', '');
  return lines.join('\n');
}

/** A JSON CSDL document (OData CSDL JSON, version 4.0 of the model). */
export type ODataCsdlJson = Record<string, unknown>;

/** The service description as JSON CSDL. */
export function odataMetadataJson(service: ODataService = FORMS_ODATA_SERVICE): ODataCsdlJson {
  checkService(service);
  const ns = service.namespace;
  const types: Record<string, unknown> = { [ODATA_JSON_TYPE]: { $Kind: 'ComplexType', $OpenType: true } };
  for (const entity of Object.values(service.schema)) {
    const type: Record<string, unknown> = { $Kind: 'EntityType', $Key: [entity.key] };
    for (const [name, propertyType] of Object.entries(entity.properties)) {
      const edm = edmType(propertyType, ns);
      // JSON CSDL leaves out the defaults: Edm.String, and Nullable true (the key is not nullable).
      type[name] = { ...(edm === 'Edm.String' ? {} : { $Type: edm }), ...(name === entity.key ? {} : { $Nullable: true }) };
    }
    for (const [name, nav] of Object.entries(entity.navigations ?? {})) {
      type[name] = nav.many
        ? { $Kind: 'NavigationProperty', $Type: `${ns}.${nav.target}`, $Collection: true }
        : { $Kind: 'NavigationProperty', $Type: `${ns}.${nav.target}`, $Nullable: true, $ReferentialConstraint: { [nav.sourceProperty]: nav.targetProperty } };
    }
    types[entity.name] = type;
  }
  const container: Record<string, unknown> = { $Kind: 'EntityContainer' };
  for (const [set, typeName] of Object.entries(service.sets)) {
    const entity = service.schema[typeName] as ODataEntityType;
    const bindings = Object.fromEntries(
      Object.entries(entity.navigations ?? {})
        .map(([name, nav]) => [name, setOfType(service, nav.target)] as const)
        .filter((binding): binding is readonly [string, string] => binding[1] !== undefined),
    );
    container[set] = { $Collection: true, $Type: `${ns}.${typeName}`, ...(Object.keys(bindings).length ? { $NavigationPropertyBinding: bindings } : {}) };
  }
  types[service.container] = container;
  return { $Version: '4.0', $EntityContainer: `${ns}.${service.container}`, [ns]: types };
}

/** Which form of the description a request asks for: `$format` first, then the `Accept` header; XML by default. */
export function odataMetadataFormat(params: URLSearchParams, accept: string | null): 'xml' | 'json' {
  const format = params.get('$format');
  if (format !== null) {
    const media = format.split(';')[0]?.trim().toLowerCase() ?? '';
    if (media === 'xml' || media === 'application/xml') return 'xml';
    if (media === 'json' || media === 'application/json') return 'json';
    throw new ODataError(`The $format '${format}' is not offered for $metadata: use xml or json.`);
  }
  const media = (accept ?? '').toLowerCase();
  return media.includes('application/json') && !media.includes('xml') ? 'json' : 'xml';
}

/** The answer to `GET /odata/$metadata`: its body and content type (an unknown `$format` is an `ODataError`, 400). */
export function answerODataMetadata(
  params: URLSearchParams,
  accept: string | null,
  service: ODataService = FORMS_ODATA_SERVICE,
): { body: string; contentType: string } {
  return odataMetadataFormat(params, accept) === 'json'
    ? { body: JSON.stringify(odataMetadataJson(service)), contentType: ODATA_METADATA_JSON_TYPE }
    : { body: odataMetadataXml(service), contentType: ODATA_METADATA_XML_TYPE };
}
