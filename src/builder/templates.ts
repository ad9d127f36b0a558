/**
 * What a new form starts from: a blank form, a sample form (a contact form; a job application with a repeatable
 * employment history and rules), or a copy of an existing form. React-free: each template is a function that makes a
 * fresh draft (the builder then owns and changes it), and every template passes the engine's `checkFormDraft`, so a
 * form started from one can be saved as it is.
 *
 * The texts inside a template (page and section titles, field labels, help texts, options) are made in the language of
 * the texts handed to it (the labels in force, English by default): the author then edits them like any other form's
 * content. The template's own name and description are texts of the builder, read from the labels too.
 */
import { eq, guid } from '../api/odata';
import type { ApiClient } from '../api/client';
import type { Form, FormLayout, FormSchema, JsonObject } from '../api/types';
import type { FormDraft } from '../engine';
import type { Labels } from '../query/labels';
import { builderTemplateLabels } from '../labels/builder-template-labels';
import { formBuilderLabels } from '../labels/form-builder-labels';
import { fillLabel } from '../labels/shared-labels';

/** The texts a template's content is made of (English by default). */
export type FormTemplateTexts = { readonly [K in keyof typeof builderTemplateLabels]: string } & Readonly<Pick<Labels, 'fbNewPageTitle' | 'fbNewSectionTitle'>>;

const ENGLISH: FormTemplateTexts = { ...builderTemplateLabels, fbNewPageTitle: formBuilderLabels.fbNewPageTitle, fbNewSectionTitle: formBuilderLabels.fbNewSectionTitle };

/** The ids of the built-in templates. */
export type FormTemplateId = 'blank' | 'contact' | 'job-application';

/** One template a new form can start from. */
export interface FormTemplate {
  id: FormTemplateId;
  /** The label of the template's name ("Blank form"). */
  nameLabel: keyof Labels;
  /** The label of what the template holds. */
  descriptionLabel: keyof Labels;
  /** A fresh draft in the language of `texts` (English without): a new object every call, which the caller may change. */
  create(texts?: FormTemplateTexts): FormDraft;
}

const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

function objectSchema(properties: JsonObject, required: string[] = []): JsonObject {
  return { $schema: SCHEMA_DIALECT, type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** An empty form: one page with one section and no field (the same start as the builder's empty document). */
export function blankTemplate(texts: FormTemplateTexts = ENGLISH): FormDraft {
  const page = fillLabel(texts.fbNewPageTitle, { number: 1 });
  const section = fillLabel(texts.fbNewSectionTitle, { number: 1 });
  return {
    jsonSchema: objectSchema({}),
    layout: { pages: [{ id: 'page-1', title: page, sections: [{ id: 'section-1', title: section, fields: [] }] }] },
  };
}

/** A one-page contact form: name, email, phone, topic, message, and a consent box. */
export function contactTemplate(t: FormTemplateTexts = ENGLISH): FormDraft {
  const topics = [
    { value: 'question', label: t.tplContactTopicQuestion },
    { value: 'feedback', label: t.tplContactTopicFeedback },
    { value: 'complaint', label: t.tplContactTopicComplaint },
    { value: 'other', label: t.tplContactTopicOther },
  ];
  return {
    jsonSchema: objectSchema(
      {
        name: { type: 'string', minLength: 1, maxLength: 200 },
        email: { type: 'string', format: 'email', maxLength: 320 },
        phone: { type: 'string', maxLength: 40 },
        topic: { type: 'string', enum: topics.map((o) => o.value) },
        otherTopic: { type: 'string', maxLength: 200 },
        message: { type: 'string', minLength: 1, maxLength: 4000 },
        consent: { type: 'boolean', const: true },
      },
      ['name', 'email', 'topic', 'message', 'consent'],
    ),
    layout: {
      pages: [
        {
          id: 'contact',
          title: t.tplContactPage,
          sections: [
            {
              id: 'about-you',
              title: t.tplContactAboutYou,
              fields: [
                { id: 'name', path: '/name', widget: 'text', label: t.tplContactName },
                { id: 'email', path: '/email', widget: 'email', label: t.tplContactEmail, helpText: t.tplContactEmailHelp },
                { id: 'phone', path: '/phone', widget: 'phone', label: t.tplContactPhone },
              ],
            },
            {
              id: 'your-message',
              title: t.tplContactYourMessage,
              fields: [
                { id: 'topic', path: '/topic', widget: 'radio', label: t.tplContactTopic, options: topics },
                {
                  id: 'otherTopic',
                  path: '/otherTopic',
                  widget: 'text',
                  label: t.tplContactOtherTopic,
                  visibleWhen: [{ path: '/topic', op: 'eq', value: 'other' }],
                  requiredWhen: [{ path: '/topic', op: 'eq', value: 'other' }],
                },
                { id: 'message', path: '/message', widget: 'textarea', label: t.tplContactMessage },
                { id: 'consent', path: '/consent', widget: 'checkbox', label: t.tplContactConsent },
              ],
            },
          ],
        },
      ],
    },
  };
}

/**
 * A three-page job application: the applicant, their employment history (a repeatable section of 1 to 10 jobs, where
 * "Until" shows only for a job they have left), and the role (a permit number shown and required only for those
 * who need a work permit).
 */
export function jobApplicationTemplate(t: FormTemplateTexts = ENGLISH): FormDraft {
  const roles = [
    { value: 'engineer', label: t.tplJobRoleEngineer },
    { value: 'designer', label: t.tplJobRoleDesigner },
    { value: 'analyst', label: t.tplJobRoleAnalyst },
  ];
  const layout: FormLayout = {
    pages: [
      {
        id: 'applicant',
        title: t.tplJobAboutYou,
        sections: [
          {
            id: 'applicant-details',
            title: t.tplJobYourDetails,
            fields: [
              { id: 'fullName', path: '/applicant/fullName', widget: 'text', label: t.tplJobFullName },
              { id: 'email', path: '/applicant/email', widget: 'email', label: t.tplJobEmail },
              { id: 'phone', path: '/applicant/phone', widget: 'phone', label: t.tplJobPhone },
              { id: 'birthDate', path: '/applicant/birthDate', widget: 'date', label: t.tplJobBirthDate },
            ],
          },
        ],
      },
      {
        id: 'history',
        title: t.tplJobHistory,
        sections: [
          {
            id: 'employment',
            title: t.tplJobJob,
            description: t.tplJobJobDescription,
            repeatable: { path: '/employment', minItems: 1, maxItems: 10, addLabel: t.tplJobAddJob },
            fields: [
              { id: 'employer', path: '/employer', widget: 'text', label: t.tplJobEmployer },
              { id: 'jobTitle', path: '/jobTitle', widget: 'text', label: t.tplJobTitle },
              { id: 'from', path: '/from', widget: 'date', label: t.tplJobFrom },
              { id: 'current', path: '/current', widget: 'checkbox', label: t.tplJobCurrent },
              {
                id: 'until',
                path: '/until',
                widget: 'date',
                label: t.tplJobUntil,
                visibleWhen: [{ path: '/current', op: 'neq', value: true }],
                requiredWhen: [{ path: '/current', op: 'neq', value: true }],
              },
              { id: 'duties', path: '/duties', widget: 'textarea', label: t.tplJobDuties },
            ],
          },
        ],
      },
      {
        id: 'role',
        title: t.tplJobRolePage,
        sections: [
          {
            id: 'role-details',
            title: t.tplJobRoleSection,
            fields: [
              { id: 'position', path: '/role/position', widget: 'select', label: t.tplJobRole, options: roles },
              { id: 'startDate', path: '/role/startDate', widget: 'date', label: t.tplJobStartDate },
              { id: 'needsPermit', path: '/role/needsPermit', widget: 'switch', label: t.tplJobNeedsPermit },
              {
                id: 'permitNumber',
                path: '/role/permitNumber',
                widget: 'text',
                label: t.tplJobPermitNumber,
                visibleWhen: [{ path: '/role/needsPermit', op: 'eq', value: true }],
                requiredWhen: [{ path: '/role/needsPermit', op: 'eq', value: true }],
              },
              { id: 'motivation', path: '/role/motivation', widget: 'textarea', label: t.tplJobMotivation },
            ],
          },
        ],
      },
    ],
  };
  return {
    jsonSchema: objectSchema(
      {
        applicant: {
          type: 'object',
          properties: {
            fullName: { type: 'string', minLength: 1, maxLength: 200 },
            email: { type: 'string', format: 'email', maxLength: 320 },
            phone: { type: 'string', maxLength: 40 },
            birthDate: { type: 'string', format: 'date' },
          },
          required: ['fullName', 'email'],
        },
        employment: {
          type: 'array',
          minItems: 1,
          maxItems: 10,
          items: {
            type: 'object',
            properties: {
              employer: { type: 'string', minLength: 1, maxLength: 200 },
              jobTitle: { type: 'string', maxLength: 200 },
              from: { type: 'string', format: 'date' },
              current: { type: 'boolean' },
              until: { type: 'string', format: 'date' },
              duties: { type: 'string', maxLength: 4000 },
            },
            required: ['employer', 'from'],
          },
        },
        role: {
          type: 'object',
          properties: {
            position: { type: 'string', enum: roles.map((r) => r.value) },
            startDate: { type: 'string', format: 'date' },
            needsPermit: { type: 'boolean' },
            permitNumber: { type: 'string', maxLength: 40 },
            motivation: { type: 'string', maxLength: 4000 },
          },
          required: ['position'],
        },
      },
      ['applicant', 'employment', 'role'],
    ),
    layout,
  };
}

/** The built-in templates, in the order a builder offers them. */
export const FORM_TEMPLATES: readonly FormTemplate[] = [
  { id: 'blank', nameLabel: 'builderTemplateBlank', descriptionLabel: 'builderTemplateBlankDescription', create: blankTemplate },
  { id: 'contact', nameLabel: 'builderTemplateContact', descriptionLabel: 'builderTemplateContactDescription', create: contactTemplate },
  {
    id: 'job-application',
    nameLabel: 'builderTemplateJobApplication',
    descriptionLabel: 'builderTemplateJobApplicationDescription',
    create: jobApplicationTemplate,
  },
];

/** The template with this id; undefined for an unknown one. */
export function formTemplate(id: string): FormTemplate | undefined {
  return FORM_TEMPLATES.find((t) => t.id === id);
}

/** A copy of an existing form: its current version's draft, and the form it came from (to suggest a name). */
export interface FormCopy {
  draft: FormDraft;
  /** The form copied. */
  form: Form;
  /** The version copied (the form's current one). */
  formSchema: FormSchema;
}

/**
 * Loads a form's current version through the API as a new draft (a deep copy: saving it makes a new form, never
 * touching the original). Resolves null when the form does not exist, is deleted, or has no version yet.
 */
export async function copyOfForm(client: ApiClient, formId: string, signal?: AbortSignal): Promise<FormCopy | null> {
  const form = await client.odata.forms.getOne({ filter: eq<Form>('formId', guid(formId)) }, { signal });
  if (!form?.currentFormSchemaId) return null;
  const schema = await client.odata.formSchemas.getOne({ filter: eq<FormSchema>('formSchemaId', guid(form.currentFormSchemaId)) }, { signal });
  if (!schema) return null;
  const { '@odata.etag': _formTag, ...plainForm } = form;
  const { '@odata.etag': _schemaTag, ...plainSchema } = schema;
  return {
    draft: { jsonSchema: structuredClone(schema.jsonSchema), layout: structuredClone(schema.layout) },
    form: plainForm as Form,
    formSchema: plainSchema as FormSchema,
  };
}
