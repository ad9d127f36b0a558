/**
 * Seed data of the forms side: form groups, forms with layouts and JSON Schemas (2020-12), form
 * instances in every status, signing envelopes, stored PDFs, primitive paths and the example
 * application of dynamic form linking.
 */
import type {
  FieldRule,
  FieldWidget,
  Form,
  FormField,
  FormGroup,
  FormInstance,
  FormLayout,
  FormSchema,
  JsonObject,
  PdfField,
} from '../api/types';
import { EnvelopeStatus, FormInstanceStatus } from '../api/enums';
import type { FakeEnvelope, StoredPdf } from './db';
import { minimalPdf } from './pdf';
import { seedDate, seedIds, seedRowId } from './seed-ids';

const JSON_SCHEMA_2020_12 = 'https://json-schema.org/draft/2020-12/schema';

/** A layout field. */
function field(id: string, path: string, widget: FieldWidget, label: string, extra: Partial<FormField> = {}): FormField {
  return { id, path, widget, label, ...extra };
}

const str = (extra: JsonObject = {}): JsonObject => ({ type: 'string', ...extra });
const name = str({ minLength: 1, maxLength: 200 });
const email = str({ format: 'email', maxLength: 320 });
const date = str({ format: 'date' });
const phone = str({ pattern: '^[+0-9 ()-]{6,20}$' });

const COUNTRY_OPTIONS = [
  { value: 'CA', label: 'Canada' },
  { value: 'US', label: 'United States' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'FR', label: 'France' },
];
const employedRule: FieldRule[] = [{ path: '/employment/status', op: 'in', value: ['employed', 'selfEmployed'] }];
const phoneRule: FieldRule[] = [{ path: '/contactPreference', op: 'eq', value: 'phone' }];
const remoteRule: FieldRule[] = [{ path: '/remoteWork', op: 'eq', value: true }];

// ------------------------------------------------------------------ loan application

const loanJsonSchema: JsonObject = {
  $schema: JSON_SCHEMA_2020_12,
  $id: 'urn:ccq:form-schema:loan-application:1',
  title: 'Loan Application',
  type: 'object',
  properties: {
    applicant: {
      type: 'object',
      properties: { name, email, dateOfBirth: date, phone },
      required: ['name', 'email', 'dateOfBirth'],
    },
    address: {
      type: 'object',
      properties: {
        street: str({ maxLength: 200 }),
        city: str({ maxLength: 100 }),
        postalCode: str({ maxLength: 12 }),
        country: str({ enum: COUNTRY_OPTIONS.map((o) => o.value) }),
      },
      required: ['street', 'city', 'country'],
    },
    employment: {
      type: 'object',
      properties: {
        status: str({ enum: ['employed', 'selfEmployed', 'unemployed', 'retired'] }),
        employerName: str({ maxLength: 200 }),
        annualIncome: { type: 'number', minimum: 0 },
      },
      required: ['status'],
    },
    loan: {
      type: 'object',
      properties: {
        amount: { type: 'number', minimum: 1000, maximum: 500000 },
        termMonths: { type: 'integer', minimum: 6, maximum: 120 },
        purpose: str({ maxLength: 1000 }),
      },
      required: ['amount', 'termMonths'],
    },
    coApplicants: {
      type: 'array',
      maxItems: 3,
      items: {
        type: 'object',
        properties: { name, email, relationship: str({ enum: ['spouse', 'partner', 'parent', 'other'] }) },
        required: ['name'],
      },
    },
    consent: { type: 'boolean', const: true },
    signature: str(),
  },
  required: ['applicant', 'loan', 'consent'],
};

const loanLayout: FormLayout = {
  pages: [
    {
      id: 'applicant',
      title: 'Applicant',
      sections: [
        {
          id: 'personal',
          title: 'Personal details',
          fields: [
            field('applicant-name', '/applicant/name', 'text', 'Full name', { pdfFieldName: 'Applicant.Name', placeholder: 'Jane Doe' }),
            field('applicant-email', '/applicant/email', 'email', 'Email', { pdfFieldName: 'Applicant.Email' }),
            field('applicant-dob', '/applicant/dateOfBirth', 'date', 'Date of birth', { pdfFieldName: 'Applicant.DateOfBirth' }),
            field('applicant-phone', '/applicant/phone', 'text', 'Phone', { helpText: 'Include the country code.' }),
          ],
        },
        {
          id: 'address',
          title: 'Address',
          fields: [
            field('address-street', '/address/street', 'text', 'Street', { pdfFieldName: 'Address.Street' }),
            field('address-city', '/address/city', 'text', 'City', { pdfFieldName: 'Address.City' }),
            field('address-postal', '/address/postalCode', 'text', 'Postal code'),
            field('address-country', '/address/country', 'select', 'Country', { options: COUNTRY_OPTIONS }),
          ],
        },
      ],
    },
    {
      id: 'loan',
      title: 'Employment and loan',
      sections: [
        {
          id: 'employment',
          title: 'Employment',
          fields: [
            field('employment-status', '/employment/status', 'radio', 'Employment status', {
              options: [
                { value: 'employed', label: 'Employed' },
                { value: 'selfEmployed', label: 'Self-employed' },
                { value: 'unemployed', label: 'Unemployed' },
                { value: 'retired', label: 'Retired' },
              ],
            }),
            field('employment-employer', '/employment/employerName', 'text', 'Employer', {
              visibleWhen: employedRule,
              requiredWhen: employedRule,
            }),
            field('employment-income', '/employment/annualIncome', 'number', 'Annual income'),
          ],
        },
        {
          id: 'loan-details',
          title: 'Loan',
          fields: [
            field('loan-amount', '/loan/amount', 'number', 'Amount', { pdfFieldName: 'Loan.Amount' }),
            field('loan-term', '/loan/termMonths', 'number', 'Term (months)'),
            field('loan-purpose', '/loan/purpose', 'textarea', 'Purpose'),
          ],
        },
      ],
    },
    {
      id: 'co-applicants',
      title: 'Co-applicants',
      sections: [
        {
          id: 'co-applicant',
          title: 'Co-applicant',
          description: 'Add up to three people applying with you.',
          repeatable: { path: '/coApplicants', minItems: 0, maxItems: 3, addLabel: 'Add co-applicant' },
          fields: [
            field('co-name', '/name', 'text', 'Name'),
            field('co-email', '/email', 'email', 'Email'),
            field('co-relationship', '/relationship', 'select', 'Relationship', {
              options: [
                { value: 'spouse', label: 'Spouse' },
                { value: 'partner', label: 'Partner' },
                { value: 'parent', label: 'Parent' },
                { value: 'other', label: 'Other' },
              ],
            }),
          ],
        },
      ],
    },
    {
      id: 'consent',
      title: 'Consent',
      sections: [
        {
          id: 'consent',
          title: 'Consent and signature',
          fields: [
            field('consent', '/consent', 'checkbox', 'I confirm the information above is correct', { pdfFieldName: 'Consent' }),
            field('signature', '/signature', 'signature', 'Signature', { pdfFieldName: 'Signature' }),
          ],
        },
      ],
    },
  ],
};

const loanPdfFields: PdfField[] = [
  { name: 'Applicant.Name', type: 'text', page: 0, rect: { x: 72, y: 700, width: 240, height: 18 }, required: true },
  { name: 'Applicant.Email', type: 'text', page: 0, rect: { x: 72, y: 670, width: 240, height: 18 } },
  { name: 'Applicant.DateOfBirth', type: 'text', page: 0, rect: { x: 72, y: 640, width: 120, height: 18 }, maxLength: 10 },
  { name: 'Address.Street', type: 'text', page: 0, rect: { x: 72, y: 610, width: 240, height: 18 } },
  { name: 'Address.City', type: 'text', page: 0, rect: { x: 72, y: 580, width: 160, height: 18 } },
  { name: 'Loan.Amount', type: 'text', page: 1, rect: { x: 72, y: 700, width: 120, height: 18 } },
  { name: 'Consent', type: 'checkbox', page: 1, rect: { x: 72, y: 660, width: 12, height: 12 } },
  { name: 'Signature', type: 'signature', page: 1, rect: { x: 72, y: 600, width: 200, height: 40 } },
];

// ------------------------------------------------------------------ employee onboarding

const onboardingJsonSchema: JsonObject = {
  $schema: JSON_SCHEMA_2020_12,
  $id: 'urn:ccq:form-schema:employee-onboarding:1',
  title: 'Employee Onboarding',
  type: 'object',
  properties: {
    applicant: { type: 'object', properties: { name, email }, required: ['name', 'email'] },
    employment: {
      type: 'object',
      properties: { startDate: date, department: str({ enum: ['engineering', 'finance', 'sales', 'support'] }) },
      required: ['startDate', 'department'],
    },
    equipment: { type: 'array', items: str({ enum: ['laptop', 'monitor', 'phone', 'headset'] }), uniqueItems: true },
    remoteWork: { type: 'boolean' },
    address: { type: 'object', properties: { street: str({ maxLength: 200 }), city: str({ maxLength: 100 }) } },
    emergencyContacts: {
      type: 'array',
      minItems: 1,
      maxItems: 2,
      items: { type: 'object', properties: { name, phone }, required: ['name', 'phone'] },
    },
    policyAccepted: { type: 'boolean', const: true },
    signature: str(),
  },
  required: ['applicant', 'employment', 'emergencyContacts', 'policyAccepted'],
};

const onboardingLayout: FormLayout = {
  pages: [
    {
      id: 'employee',
      title: 'Employee',
      sections: [
        {
          id: 'employee',
          title: 'New employee',
          fields: [
            field('employee-name', '/applicant/name', 'text', 'Full name'),
            field('employee-email', '/applicant/email', 'email', 'Work email'),
            field('employee-start', '/employment/startDate', 'date', 'Start date'),
            field('employee-department', '/employment/department', 'select', 'Department', {
              options: [
                { value: 'engineering', label: 'Engineering' },
                { value: 'finance', label: 'Finance' },
                { value: 'sales', label: 'Sales' },
                { value: 'support', label: 'Support' },
              ],
            }),
            field('employee-equipment', '/equipment', 'multiselect', 'Equipment', {
              options: [
                { value: 'laptop', label: 'Laptop' },
                { value: 'monitor', label: 'Monitor' },
                { value: 'phone', label: 'Phone' },
                { value: 'headset', label: 'Headset' },
              ],
            }),
            field('employee-remote', '/remoteWork', 'switch', 'Works remotely'),
            field('employee-street', '/address/street', 'text', 'Home street', { visibleWhen: remoteRule, requiredWhen: remoteRule }),
            field('employee-city', '/address/city', 'text', 'Home city', { visibleWhen: remoteRule }),
          ],
        },
        {
          id: 'emergency',
          title: 'Emergency contact',
          repeatable: { path: '/emergencyContacts', minItems: 1, maxItems: 2, addLabel: 'Add contact' },
          fields: [field('emergency-name', '/name', 'text', 'Name'), field('emergency-phone', '/phone', 'text', 'Phone')],
        },
      ],
    },
    {
      id: 'policies',
      title: 'Policies',
      sections: [
        {
          id: 'policies',
          title: 'Policies',
          fields: [
            field('policy-accepted', '/policyAccepted', 'checkbox', 'I have read the staff handbook'),
            field('policy-signature', '/signature', 'signature', 'Signature'),
          ],
        },
      ],
    },
  ],
};

// ------------------------------------------------------------------ contact request (public)

const contactJsonSchema: JsonObject = {
  $schema: JSON_SCHEMA_2020_12,
  $id: 'urn:ccq:form-schema:contact-request:1',
  title: 'Contact Request',
  type: 'object',
  properties: {
    applicant: { type: 'object', properties: { name, email, phone }, required: ['name', 'email'] },
    contactPreference: str({ enum: ['email', 'phone'] }),
    subject: str({ enum: ['general', 'loan', 'complaint'] }),
    message: str({ minLength: 1, maxLength: 4000 }),
  },
  required: ['applicant', 'contactPreference', 'message'],
};

const contactLayout: FormLayout = {
  pages: [
    {
      id: 'contact',
      title: 'Contact us',
      sections: [
        {
          id: 'contact',
          title: 'How can we help?',
          fields: [
            field('contact-name', '/applicant/name', 'text', 'Your name'),
            field('contact-email', '/applicant/email', 'email', 'Your email'),
            field('contact-preference', '/contactPreference', 'radio', 'Contact me by', {
              options: [
                { value: 'email', label: 'Email' },
                { value: 'phone', label: 'Phone' },
              ],
            }),
            field('contact-phone', '/applicant/phone', 'text', 'Phone', { visibleWhen: phoneRule, requiredWhen: phoneRule }),
            field('contact-subject', '/subject', 'select', 'Subject', {
              options: [
                { value: 'general', label: 'General question' },
                { value: 'loan', label: 'Loans' },
                { value: 'complaint', label: 'Complaint' },
              ],
            }),
            field('contact-message', '/message', 'textarea', 'Message', { placeholder: 'Tell us more…' }),
          ],
        },
      ],
    },
  ],
};

// ------------------------------------------------------------------ expense claim (two versions)

function expenseJsonSchema(version: 1 | 2): JsonObject {
  const item: JsonObject = {
    type: 'object',
    properties: {
      description: str({ minLength: 1, maxLength: 200 }),
      amount: { type: 'number', exclusiveMinimum: 0 },
      date,
      ...(version === 2 ? { category: str({ enum: ['travel', 'meals', 'equipment', 'other'] }) } : {}),
    },
    required: ['description', 'amount', 'date'],
  };
  return {
    $schema: JSON_SCHEMA_2020_12,
    $id: `urn:ccq:form-schema:expense-claim:${version}`,
    title: 'Expense Claim',
    type: 'object',
    properties: {
      applicant: { type: 'object', properties: { name, email }, required: ['name', 'email'] },
      ...(version === 2 ? { costCentre: str({ enum: ['CC-100', 'CC-200', 'CC-300'] }), receiptsAttached: { type: 'boolean' } } : {}),
      items: { type: 'array', minItems: 1, items: item },
      notes: str({ maxLength: 2000 }),
    },
    required: ['applicant', 'items'],
  };
}

function expenseLayout(version: 1 | 2): FormLayout {
  const claimant: FormField[] = [
    field('expense-name', '/applicant/name', 'text', 'Claimant'),
    field('expense-email', '/applicant/email', 'email', 'Email'),
  ];
  if (version === 2) {
    claimant.push(
      field('expense-cost-centre', '/costCentre', 'select', 'Cost centre', {
        options: ['CC-100', 'CC-200', 'CC-300'].map((v) => ({ value: v, label: v })),
      }),
      field('expense-receipts', '/receiptsAttached', 'switch', 'Receipts attached'),
    );
  }
  const itemFields: FormField[] = [
    field('item-description', '/description', 'text', 'Description'),
    field('item-amount', '/amount', 'number', 'Amount'),
    field('item-date', '/date', 'date', 'Date'),
  ];
  if (version === 2) {
    itemFields.push(
      field('item-category', '/category', 'select', 'Category', {
        options: ['travel', 'meals', 'equipment', 'other'].map((v) => ({ value: v, label: v[0]?.toUpperCase() + v.slice(1) })),
      }),
    );
  }
  return {
    pages: [
      {
        id: 'expenses',
        title: 'Expenses',
        sections: [
          { id: 'claimant', title: 'Claimant', fields: claimant },
          { id: 'items', title: 'Expense item', repeatable: { path: '/items', minItems: 1, addLabel: 'Add item' }, fields: itemFields },
          { id: 'notes', title: 'Notes', fields: [field('expense-notes', '/notes', 'textarea', 'Notes')] },
        ],
      },
    ],
  };
}

// ------------------------------------------------------------------ rows

const audit = (days: number, updatedDays = days) => ({
  isDeleted: false,
  createdDateTime: seedDate(days),
  lastUpdatedDateTime: seedDate(updatedDays),
});

/** The seeded form groups. */
export function seedFormGroups(): FormGroup[] {
  const g = seedIds.formGroups;
  return [
    { formGroupId: g.customerOnboarding, name: 'Customer Onboarding', description: 'Forms new customers fill in.', ...audit(0) },
    { formGroupId: g.humanResources, name: 'Human Resources', description: 'Internal HR paperwork.', ...audit(0, 3) },
    { formGroupId: g.publicEnquiries, name: 'Public Enquiries', description: 'Forms anyone can open from the website.', ...audit(1) },
  ];
}

/** The seeded forms. */
export function seedForms(): Form[] {
  const f = seedIds.forms;
  const s = seedIds.formSchemas;
  const g = seedIds.formGroups;
  return [
    {
      formId: f.loanApplication,
      name: 'Loan Application',
      description: 'Personal loan application with co-applicants.',
      formGroupId: g.customerOnboarding,
      currentFormSchemaId: s.loanApplicationV1,
      pdfTemplate: { fileName: 'loan-application.pdf', pageCount: 2, fields: loanPdfFields },
      publicBaseUrl: null,
      ...audit(1, 2),
    },
    {
      formId: f.employeeOnboarding,
      name: 'Employee Onboarding',
      description: 'Details we need before a new starter’s first day.',
      formGroupId: g.humanResources,
      currentFormSchemaId: s.employeeOnboardingV1,
      pdfTemplate: null,
      publicBaseUrl: null,
      ...audit(2),
    },
    {
      formId: f.contactRequest,
      name: 'Contact Request',
      description: 'Public contact form.',
      formGroupId: g.publicEnquiries,
      currentFormSchemaId: s.contactRequestV1,
      pdfTemplate: null,
      publicBaseUrl: null,
      ...audit(2),
    },
    {
      formId: f.expenseClaim,
      name: 'Expense Claim',
      description: 'Claim back work expenses.',
      formGroupId: g.humanResources,
      currentFormSchemaId: s.expenseClaimV2,
      pdfTemplate: null,
      publicBaseUrl: null,
      ...audit(3, 10),
    },
  ];
}

/** The seeded form schemas. */
export function seedFormSchemas(): FormSchema[] {
  const f = seedIds.forms;
  const s = seedIds.formSchemas;
  return [
    { formSchemaId: s.loanApplicationV1, formId: f.loanApplication, name: 'Loan Application', version: 1, jsonSchema: loanJsonSchema, layout: loanLayout, isPublic: false, ...audit(1, 2) },
    { formSchemaId: s.employeeOnboardingV1, formId: f.employeeOnboarding, name: 'Employee Onboarding', version: 1, jsonSchema: onboardingJsonSchema, layout: onboardingLayout, isPublic: false, ...audit(2) },
    { formSchemaId: s.contactRequestV1, formId: f.contactRequest, name: 'Contact Request', version: 1, jsonSchema: contactJsonSchema, layout: contactLayout, isPublic: true, ...audit(2) },
    { formSchemaId: s.expenseClaimV1, formId: f.expenseClaim, name: 'Expense Claim', version: 1, jsonSchema: expenseJsonSchema(1), layout: expenseLayout(1), isPublic: false, ...audit(3) },
    { formSchemaId: s.expenseClaimV2, formId: f.expenseClaim, name: 'Expense Claim', version: 2, jsonSchema: expenseJsonSchema(2), layout: expenseLayout(2), isPublic: false, ...audit(10) },
  ];
}

const grace = { name: 'Grace Hopper', email: 'grace.hopper@example.com', dateOfBirth: '1986-12-09', phone: '+1 555 0100' };
const alan = { name: 'Alan Turing', email: 'alan.turing@example.com', dateOfBirth: '1982-06-23', phone: '+44 20 7946 0000' };
const katherine = { name: 'Katherine Johnson', email: 'k.johnson@example.com', dateOfBirth: '1990-08-26', phone: '+1 555 0199' };

/** The seeded form instances: every status, several envelope statuses, one soft-deleted. */
export function seedFormInstances(): FormInstance[] {
  const i = seedIds.formInstances;
  const s = seedIds.formSchemas;
  const f = seedIds.forms;
  const e = seedIds.envelopes;
  const loan = { formSchemaId: s.loanApplicationV1, formId: f.loanApplication };
  const onboarding = { formSchemaId: s.employeeOnboardingV1, formId: f.employeeOnboarding };
  const none = { envelopeId: null, envelopeStatus: null };
  return [
    { formInstanceId: i.loanCreated, ...loan, data: {}, status: FormInstanceStatus.Created, ...none, ...audit(4) },
    {
      formInstanceId: i.loanInProgress,
      ...loan,
      data: { applicant: { name: alan.name, email: alan.email }, employment: { status: 'selfEmployed' } },
      status: FormInstanceStatus.InProgress,
      ...none,
      ...audit(5, 6),
    },
    {
      formInstanceId: i.loanSubmitted,
      ...loan,
      data: {
        applicant: grace,
        address: { street: '1 Harbour Street', city: 'Halifax', postalCode: 'B3H 1A1', country: 'CA' },
        employment: { status: 'employed', employerName: 'Navy Computing Ltd', annualIncome: 98000 },
        loan: { amount: 25000, termMonths: 36, purpose: 'Home renovation' },
        coApplicants: [{ name: 'Howard Aiken', email: 'howard.aiken@example.com', relationship: 'spouse' }],
        consent: true,
      },
      status: FormInstanceStatus.Submitted,
      envelopeId: e.loanSubmittedSent,
      envelopeStatus: EnvelopeStatus.Sent,
      ...audit(6, 8),
    },
    {
      formInstanceId: i.loanCompleted,
      ...loan,
      data: {
        applicant: katherine,
        address: { street: '12 Orbit Way', city: 'Hampton', postalCode: '23666', country: 'US' },
        employment: { status: 'employed', employerName: 'NACA', annualIncome: 120000 },
        loan: { amount: 40000, termMonths: 60, purpose: 'Car' },
        coApplicants: [],
        consent: true,
        signature: 'Katherine Johnson',
      },
      status: FormInstanceStatus.Completed,
      envelopeId: e.loanCompleted,
      envelopeStatus: EnvelopeStatus.Completed,
      ...audit(6, 12),
    },
    {
      formInstanceId: i.onboardingSubmitted,
      ...onboarding,
      data: {
        applicant: { name: 'Margaret Hamilton', email: 'm.hamilton@example.com' },
        employment: { startDate: '2024-03-01', department: 'engineering' },
        equipment: ['laptop', 'monitor'],
        remoteWork: true,
        address: { street: '5 Apollo Road', city: 'Boston' },
        emergencyContacts: [{ name: 'James Hamilton', phone: '+1 555 0142' }],
        policyAccepted: true,
      },
      status: FormInstanceStatus.Submitted,
      envelopeId: e.onboardingDelivered,
      envelopeStatus: EnvelopeStatus.Delivered,
      ...audit(7, 9),
    },
    {
      formInstanceId: i.onboardingInProgress,
      ...onboarding,
      data: {
        applicant: { name: 'Dennis Ritchie', email: 'd.ritchie@example.com' },
        employment: { startDate: '2024-04-15', department: 'support' },
        remoteWork: false,
        emergencyContacts: [],
      },
      status: FormInstanceStatus.InProgress,
      envelopeId: e.onboardingDeclined,
      envelopeStatus: EnvelopeStatus.Declined,
      ...audit(8, 11),
    },
    {
      formInstanceId: i.contactSubmitted,
      formSchemaId: s.contactRequestV1,
      formId: f.contactRequest,
      data: {
        applicant: { name: 'Ada Lovelace', email: 'ada.lovelace@example.com', phone: '+44 20 7946 0018' },
        contactPreference: 'phone',
        subject: 'loan',
        message: "I'd like to know more about your loan rates.",
      },
      status: FormInstanceStatus.Submitted,
      ...none,
      ...audit(9),
    },
    {
      formInstanceId: i.expenseCompleted,
      formSchemaId: s.expenseClaimV1,
      formId: f.expenseClaim,
      data: {
        applicant: { name: 'Eddie Editor', email: 'eddie.editor@example.com' },
        items: [
          { description: 'Train to conference', amount: 84.5, date: '2024-01-20' },
          { description: 'Hotel', amount: 210, date: '2024-01-20' },
        ],
        notes: 'Conference in Montréal',
      },
      status: FormInstanceStatus.Completed,
      envelopeId: e.expenseVoided,
      envelopeStatus: EnvelopeStatus.Voided,
      ...audit(9, 10),
    },
    {
      formInstanceId: i.expenseDeleted,
      formSchemaId: s.expenseClaimV2,
      formId: f.expenseClaim,
      data: {
        applicant: { name: 'Sam Signer', email: 'sam.signer@example.com' },
        costCentre: 'CC-200',
        items: [{ description: 'Team lunch', amount: 64, date: '2024-01-26', category: 'meals' }],
      },
      status: FormInstanceStatus.InProgress,
      ...none,
      ...audit(11, 13),
      isDeleted: true,
    },
  ];
}

/** The seeded signing envelopes, one per envelope of the seeded instances. */
export function seedEnvelopes(): FakeEnvelope[] {
  const e = seedIds.envelopes;
  const i = seedIds.formInstances;
  const envelope = (
    envelopeId: string,
    formInstanceId: string,
    status: FakeEnvelope['status'],
    signer: { name: string; email: string },
    days: number,
    updatedDays: number,
  ): FakeEnvelope => ({
    envelopeId,
    formInstanceId,
    status,
    signers: [{ ...signer, routingOrder: 1 }],
    emailSubject: 'Please sign your form',
    emailMessage: null,
    createdDateTime: seedDate(days),
    lastUpdatedDateTime: seedDate(updatedDays),
  });
  return [
    envelope(e.loanSubmittedSent, i.loanSubmitted, EnvelopeStatus.Sent, grace, 8, 8),
    envelope(e.loanCompleted, i.loanCompleted, EnvelopeStatus.Completed, katherine, 10, 12),
    envelope(e.onboardingDelivered, i.onboardingSubmitted, EnvelopeStatus.Delivered, { name: 'Margaret Hamilton', email: 'm.hamilton@example.com' }, 9, 9),
    envelope(e.onboardingDeclined, i.onboardingInProgress, EnvelopeStatus.Declined, { name: 'Dennis Ritchie', email: 'd.ritchie@example.com' }, 10, 11),
    envelope(e.expenseVoided, i.expenseCompleted, EnvelopeStatus.Voided, { name: 'Eddie Editor', email: 'eddie.editor@example.com' }, 10, 10),
  ];
}

/** The seeded PDFs: the loan application template and the signed loan application. */
export function seedPdfs(): StoredPdf[] {
  return [
    {
      id: seedRowId('pdf', 1),
      kind: 'template',
      fileName: 'loan-application.pdf',
      contentType: 'application/pdf',
      bytes: minimalPdf(['Loan Application', 'Applicant name: ____________', 'Amount: ____________']),
      formId: seedIds.forms.loanApplication,
      envelopeId: null,
      createdDateTime: seedDate(1),
    },
    {
      id: seedRowId('pdf', 2),
      kind: 'signed',
      fileName: 'Loan Application - signed.pdf',
      contentType: 'application/pdf',
      bytes: minimalPdf(['Loan Application', 'Applicant name: Katherine Johnson', 'Amount: 40000', 'Signed by Katherine Johnson']),
      formId: seedIds.forms.loanApplication,
      envelopeId: seedIds.envelopes.loanCompleted,
      createdDateTime: seedDate(12),
    },
  ];
}

/** The example application of the host's model (`GetExampleApplication`). */
export function seedExampleApplication(): JsonObject {
  return {
    applicant: { ...grace },
    address: { street: '1 Harbour Street', city: 'Halifax', postalCode: 'B3H 1A1', country: 'CA' },
    employment: {
      status: 'employed',
      employerName: 'Navy Computing Ltd',
      annualIncome: 98000,
      startDate: '2024-03-01',
      department: 'engineering',
    },
    loan: { amount: 25000, termMonths: 36, purpose: 'Home renovation' },
    coApplicants: [{ name: 'Howard Aiken', email: 'howard.aiken@example.com', relationship: 'spouse' }],
  };
}

/** The primitive (leaf, non-array) data paths of the host's application model. */
export const SEED_PRIMITIVE_PATHS: readonly string[] = [
  '/applicant/name',
  '/applicant/email',
  '/applicant/dateOfBirth',
  '/applicant/phone',
  '/address/street',
  '/address/city',
  '/address/postalCode',
  '/address/country',
  '/employment/status',
  '/employment/employerName',
  '/employment/annualIncome',
  '/employment/startDate',
  '/employment/department',
  '/loan/amount',
  '/loan/termMonths',
  '/loan/purpose',
];
