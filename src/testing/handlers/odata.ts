/**
 * `/odata/{Form,FormGroup,FormInstance,FormSchema}OData`: OData reads (spec §7). Anonymous callers
 * see public schemas (and their forms), plus the one instance — and its schema — that their link
 * token names.
 */
import { Permission } from '../../api/enums';
import type { FakeDb } from '../db';
import { FakeHttpError, json } from '../http';
import {
  executeODataQuery,
  odataOptionsFrom,
  ODataQueryError,
  type EntitySetDefinition,
  type ODataModel,
  type Row,
} from '../odata-query';
import { form, user, type FakeRoute, type RouteContext } from './route';

const AUDIT = ['isDeleted', 'createdDateTime', 'lastUpdatedDateTime'] as const;

/** The rows a caller may see. */
interface Visible {
  forms: Row[];
  formGroups: Row[];
  formSchemas: Row[];
  formInstances: Row[];
}

const asRows = (rows: readonly object[]): Row[] => rows as Row[];

function visibleTo(db: FakeDb, ctx: RouteContext): Visible {
  if (ctx.caller.user) {
    return {
      forms: asRows(db.forms),
      formGroups: asRows(db.formGroups),
      formSchemas: asRows(db.formSchemas),
      formInstances: asRows(db.formInstances),
    };
  }
  const link = ctx.caller.link;
  const schemas = db.formSchemas.filter((s) => !s.isDeleted && (s.isPublic || s.formSchemaId === link?.formSchemaId));
  const formIds = new Set(schemas.map((s) => s.formId));
  return {
    forms: asRows(db.forms.filter((f) => formIds.has(f.formId))),
    formGroups: [],
    formSchemas: asRows(schemas),
    formInstances: asRows(db.formInstances.filter((i) => i.formInstanceId === link?.formInstanceId)),
  };
}

function modelOf(visible: Visible): ODataModel {
  const where = (rows: Row[], key: string, value: unknown): Row[] => rows.filter((r) => r[key] === value);
  const one = (rows: Row[], key: string, value: unknown): Row | null => rows.find((r) => r[key] === value) ?? null;
  const formSet: EntitySetDefinition = {
    typeName: 'Form',
    properties: ['formId', 'name', 'description', 'formGroupId', 'currentFormSchemaId', 'pdfTemplate', ...AUDIT],
    softDeleteProperty: 'isDeleted',
    navigations: {
      formSchemas: { target: 'FormSchema', many: true, resolve: (r) => where(visible.formSchemas, 'formId', r.formId) },
      formInstances: { target: 'FormInstance', many: true, resolve: (r) => where(visible.formInstances, 'formId', r.formId) },
      formGroup: { target: 'FormGroup', many: false, resolve: (r) => one(visible.formGroups, 'formGroupId', r.formGroupId) },
      currentFormSchema: {
        target: 'FormSchema',
        many: false,
        resolve: (r) => one(visible.formSchemas, 'formSchemaId', r.currentFormSchemaId),
      },
    },
  };
  const formGroupSet: EntitySetDefinition = {
    typeName: 'FormGroup',
    properties: ['formGroupId', 'name', 'description', ...AUDIT],
    softDeleteProperty: 'isDeleted',
    navigations: {
      forms: { target: 'Form', many: true, resolve: (r) => where(visible.forms, 'formGroupId', r.formGroupId) },
    },
  };
  const formSchemaSet: EntitySetDefinition = {
    typeName: 'FormSchema',
    properties: ['formSchemaId', 'formId', 'name', 'version', 'jsonSchema', 'layout', 'isPublic', ...AUDIT],
    softDeleteProperty: 'isDeleted',
    navigations: {
      form: { target: 'Form', many: false, resolve: (r) => one(visible.forms, 'formId', r.formId) },
      formInstances: { target: 'FormInstance', many: true, resolve: (r) => where(visible.formInstances, 'formSchemaId', r.formSchemaId) },
    },
  };
  const formInstanceSet: EntitySetDefinition = {
    typeName: 'FormInstance',
    properties: ['formInstanceId', 'formSchemaId', 'formId', 'data', 'status', 'envelopeId', 'envelopeStatus', ...AUDIT],
    softDeleteProperty: 'isDeleted',
    navigations: {
      form: { target: 'Form', many: false, resolve: (r) => one(visible.forms, 'formId', r.formId) },
      formSchema: { target: 'FormSchema', many: false, resolve: (r) => one(visible.formSchemas, 'formSchemaId', r.formSchemaId) },
    },
  };
  return { Form: formSet, FormGroup: formGroupSet, FormSchema: formSchemaSet, FormInstance: formInstanceSet };
}

/** The content type of OData answers (metadata none, streaming). */
export const ODATA_CONTENT_TYPE = 'application/json; odata.metadata=none; odata.streaming=true; charset=utf-8';

function odataRoute(setName: keyof Visible, typeName: string, access: FakeRoute['access']): FakeRoute {
  return {
    method: 'get',
    path: `/odata/${typeName}OData`,
    access,
    handle(ctx) {
      if (!ctx.caller.user && setName === 'formInstances' && !ctx.caller.link) {
        throw new FakeHttpError(401, 'Sign-in or a form link is required.');
      }
      const visible = visibleTo(ctx.backend.db, ctx);
      try {
        const result = executeODataQuery(modelOf(visible), typeName, visible[setName], odataOptionsFrom(ctx.url.searchParams));
        const body = result.count === undefined ? { value: result.value } : { '@odata.count': result.count, value: result.value };
        return json(body, 200, { 'content-type': ODATA_CONTENT_TYPE });
      } catch (error) {
        if (error instanceof ODataQueryError) throw new FakeHttpError(400, error.message);
        throw error;
      }
    },
  };
}

/** The OData routes. */
export const odataRoutes: readonly FakeRoute[] = [
  odataRoute('forms', 'Form', form(Permission.Form_SelectList)),
  odataRoute('formGroups', 'FormGroup', user(Permission.FormGroup_SelectList)),
  odataRoute('formInstances', 'FormInstance', form(Permission.FormInstance_SelectList)),
  odataRoute('formSchemas', 'FormSchema', form(Permission.FormSchema_SelectList)),
];
