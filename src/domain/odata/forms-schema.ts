/**
 * The OData entity sets of the forms half (docs/spec.md, Calls: `/odata/FormOData`, `/odata/FormGroupOData`,
 * `/odata/FormInstanceOData`, `/odata/FormSchemaOData`): what each offers to queries, once for the
 * test fake and the reference server.
 */
import type { ODataEntityType, ODataPropertyType, ODataSchema } from './schema';

const AUDIT = {
  isDeleted: 'boolean',
  createdDateTime: 'dateTime',
  lastUpdatedDateTime: 'dateTime',
} as const satisfies Record<string, ODataPropertyType>;

// The entity types are built by a call marked pure, not by object spreads, which a bundler must keep as possible side
// effects: in the published files this module can share a chunk with the public viewer, whose bundles would then carry
// the whole schema unused.
function audited<P extends Record<string, ODataPropertyType>>(properties: P): P & typeof AUDIT {
  return Object.assign({}, properties, AUDIT);
}

const Form: ODataEntityType = {
  name: 'Form',
  key: 'formId',
  properties: /* @__PURE__ */ audited({
    formId: 'guid',
    name: 'string',
    description: 'string',
    formGroupId: 'guid',
    currentFormSchemaId: 'guid',
    pdfTemplate: 'json',
    publicBaseUrl: 'string',
  }),
  navigations: {
    formSchemas: { target: 'FormSchema', many: true, sourceProperty: 'formId', targetProperty: 'formId' },
    formInstances: { target: 'FormInstance', many: true, sourceProperty: 'formId', targetProperty: 'formId' },
    formGroup: { target: 'FormGroup', many: false, sourceProperty: 'formGroupId', targetProperty: 'formGroupId' },
    currentFormSchema: {
      target: 'FormSchema',
      many: false,
      sourceProperty: 'currentFormSchemaId',
      targetProperty: 'formSchemaId',
    },
  },
  softDeleteProperty: 'isDeleted',
  search: ['name', 'description'],
};

const FormGroup: ODataEntityType = {
  name: 'FormGroup',
  key: 'formGroupId',
  properties: /* @__PURE__ */ audited({ formGroupId: 'guid', name: 'string', description: 'string' }),
  navigations: {
    forms: { target: 'Form', many: true, sourceProperty: 'formGroupId', targetProperty: 'formGroupId' },
  },
  softDeleteProperty: 'isDeleted',
  search: ['name', 'description'],
};

const FormSchema: ODataEntityType = {
  name: 'FormSchema',
  key: 'formSchemaId',
  properties: /* @__PURE__ */ audited({
    formSchemaId: 'guid',
    formId: 'guid',
    name: 'string',
    version: 'number',
    jsonSchema: 'json',
    layout: 'json',
    isPublic: 'boolean',
  }),
  navigations: {
    form: { target: 'Form', many: false, sourceProperty: 'formId', targetProperty: 'formId' },
    formInstances: { target: 'FormInstance', many: true, sourceProperty: 'formSchemaId', targetProperty: 'formSchemaId' },
  },
  softDeleteProperty: 'isDeleted',
  search: ['name'],
};

const FormInstance: ODataEntityType = {
  name: 'FormInstance',
  key: 'formInstanceId',
  properties: /* @__PURE__ */ audited({
    formInstanceId: 'guid',
    formSchemaId: 'guid',
    formId: 'guid',
    data: 'json',
    status: 'number',
    envelopeId: 'guid',
    envelopeStatus: 'number',
  }),
  navigations: {
    form: { target: 'Form', many: false, sourceProperty: 'formId', targetProperty: 'formId' },
    formSchema: { target: 'FormSchema', many: false, sourceProperty: 'formSchemaId', targetProperty: 'formSchemaId' },
  },
  softDeleteProperty: 'isDeleted',
  // The answers (every string in `data`) and the instance's id.
  search: ['formInstanceId', 'data'],
};

/** The entity types of the forms OData service, by type name. */
export const FORMS_ODATA_SCHEMA = { Form, FormGroup, FormSchema, FormInstance } as const satisfies ODataSchema;

/** A type name of the forms OData service. */
export type FormsODataType = keyof typeof FORMS_ODATA_SCHEMA;

/** The entity sets' paths under `/odata/` and the type each serves (docs/spec.md, Calls). */
export const FORMS_ODATA_SETS = {
  FormOData: 'Form',
  FormGroupOData: 'FormGroup',
  FormInstanceOData: 'FormInstance',
  FormSchemaOData: 'FormSchema',
} as const satisfies Record<string, FormsODataType>;
