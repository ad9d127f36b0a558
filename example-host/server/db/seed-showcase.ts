/**
 * The seeded *Household Survey*: a public form that uses every widget (a rating, a grid and a file upload among them),
 * long labels, a five-option agree/disagree segmented control, repeatable sections and five pages, so that layout on
 * phones and wide screens (and the renderer's behaviour around them) can be checked on the real host, and a newcomer
 * sees every question kind filled in. Not referenced by any other seeded row.
 */
import type { FormLayout, JsonObject } from '../../../src/api/types';
import { fileSchema } from '../../../src/engine/files';
import { matrixSchema } from '../../../src/engine/matrix';

const str = (extra: JsonObject = {}): JsonObject => ({ type: 'string', ...extra });

/** The five answers of an agree/disagree scale, from one end to the other. */
const AGREEMENT = [
  { value: 'strongly-disagree', label: 'Strongly disagree' },
  { value: 'disagree', label: 'Disagree' },
  { value: 'neutral', label: 'Neither agree nor disagree' },
  { value: 'agree', label: 'Agree' },
  { value: 'strongly-agree', label: 'Strongly agree' },
];
const CONTACT = [
  { value: 'email', label: 'Email' },
  { value: 'phone', label: 'Phone' },
  { value: 'post', label: 'By post, at the postal address of the household that you gave us on an earlier page of this form' },
];
const SERVICES = [
  { value: 'library', label: 'Public library and reading rooms' },
  { value: 'pool', label: 'Swimming pool, sports centre and the outdoor playing fields next to the community hall' },
  { value: 'transport', label: 'Community transport for people who cannot use buses' },
  { value: 'none', label: 'None' },
];
const RELATIONSHIP = [
  { value: 'partner', label: 'Partner' },
  { value: 'child', label: 'Child' },
  { value: 'parent', label: 'Parent' },
  { value: 'other', label: 'Another relative, a lodger, or someone else who shares the household' },
];
/** The services a grid rates, one row each, and the answers of each row. */
const RATED_SERVICES = [
  { value: 'library', label: 'Public library' },
  { value: 'pool', label: 'Swimming pool and sports centre' },
  { value: 'transport', label: 'Community transport' },
];
const QUALITY = [
  { value: 'poor', label: 'Poor' },
  { value: 'fair', label: 'Fair' },
  { value: 'good', label: 'Good' },
  { value: 'excellent', label: 'Excellent' },
];
/** The proof of address a visitor may upload: one PDF or picture of up to 5 MB. */
const PROOF_LIMITS = { accepted: ['application/pdf', 'image/png', 'image/jpeg'], maxBytes: 5 * 1024 * 1024, maxFiles: 1 } as const;
const COUNTRY = [
  { value: 'GB', label: 'United Kingdom of Great Britain and Northern Ireland' },
  { value: 'FR', label: 'France' },
  { value: 'CA', label: 'Canada' },
];

/** The JSON Schema (2020-12) of the Household Survey. */
export const showcaseSchema: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    respondent: {
      type: 'object',
      properties: {
        name: str({ maxLength: 200 }),
        email: str({ format: 'email', maxLength: 320 }),
        contact: str({ enum: CONTACT.map((o) => o.value) }),
        phone: str({ pattern: '^[+0-9 ()-]{6,20}$', errorMessage: { pattern: 'Enter a phone number of 6 to 20 digits, spaces, brackets or dashes, like +44 20 7946 0958' } }),
        website: str({ format: 'uri', maxLength: 500 }),
        birthDate: str({ format: 'date' }),
        callTime: str({ maxLength: 10 }),
        visit: str({ format: 'date-time' }),
        country: str({ enum: COUNTRY.map((o) => o.value) }),
      },
    },
    opinion: {
      type: 'object',
      properties: {
        services: str({ enum: AGREEMENT.map((o) => o.value) }),
        used: { type: 'array', items: str({ enum: SERVICES.map((o) => o.value) }), uniqueItems: true },
        languages: { type: 'array', items: str({ enum: ['en', 'fr', 'cy', 'gd'] }), uniqueItems: true },
        comments: str({ maxLength: 2000 }),
        satisfaction: { type: 'integer', minimum: 1, maximum: 5 },
        quality: matrixSchema(RATED_SERVICES, QUALITY),
      },
    },
    people: {
      type: 'array',
      maxItems: 8,
      items: {
        type: 'object',
        properties: {
          name: str({ maxLength: 200 }),
          email: str({ format: 'email', maxLength: 320 }),
          relationship: str({ enum: RELATIONSHIP.map((o) => o.value) }),
          age: { type: 'integer', minimum: 0, maximum: 130 },
        },
      },
    },
    vehicles: {
      type: 'array',
      maxItems: 4,
      items: { type: 'object', properties: { registration: str({ maxLength: 12 }) } },
    },
    money: {
      type: 'object',
      properties: {
        income: { type: 'number', minimum: 0 },
        rooms: { type: 'integer', minimum: 1, maximum: 50 },
        proof: fileSchema(PROOF_LIMITS),
      },
    },
    // The declaration is the one part a respondent must give: ticked, and signed (a typed name or a drawn image).
    consent: { type: 'boolean', const: true },
    updates: { type: 'boolean' },
    resultsEmail: str({ format: 'email', maxLength: 320 }),
    signature: str({ maxLength: 200000, errorMessage: { required: 'Sign the declaration: type your full name or draw your signature' } }),
  },
  required: ['consent', 'signature'],
};

/** The layout of the Household Survey: five pages. */
export const showcaseLayout: FormLayout = {
  pages: [
    {
      id: 'page-you',
      title: 'About you and how we can reach you',
      sections: [
        {
          id: 'section-you',
          title: 'About you',
          fields: [
            { id: 'field-name', path: '/respondent/name', widget: 'text', label: 'Full name' },
            { id: 'field-email', path: '/respondent/email', widget: 'email', label: 'Email address' },
            { id: 'field-contact', path: '/respondent/contact', widget: 'radio', label: 'How should we contact you?', options: CONTACT },
            { id: 'field-phone', path: '/respondent/phone', widget: 'phone', label: 'Phone number', helpText: 'Include the country code.' },
            { id: 'field-website', path: '/respondent/website', widget: 'url', label: 'Website' },
            { id: 'field-birth', path: '/respondent/birthDate', widget: 'date', label: 'Date of birth' },
            { id: 'field-call', path: '/respondent/callTime', widget: 'time', label: 'Best time to call' },
            { id: 'field-visit', path: '/respondent/visit', widget: 'datetime', label: 'When could an interviewer visit you at home?' },
            { id: 'field-country', path: '/respondent/country', widget: 'select', label: 'Country', options: COUNTRY },
          ],
        },
      ],
    },
    {
      id: 'page-opinion',
      title: 'Your opinion of the services in your area',
      sections: [
        {
          id: 'section-opinion',
          title: 'Local services',
          fields: [
            {
              id: 'field-services',
              path: '/opinion/services',
              widget: 'segmented',
              label: 'The services in my area meet the needs of my household',
              options: AGREEMENT,
            },
            { id: 'field-used', path: '/opinion/used', widget: 'checkboxes', label: 'Which of these have you used this year?', options: SERVICES },
            { id: 'field-satisfaction', path: '/opinion/satisfaction', widget: 'rating', label: 'Overall, how satisfied are you with the services in your area?' },
            {
              id: 'field-quality',
              path: '/opinion/quality',
              widget: 'matrix',
              label: 'How good is each of these services?',
              helpText: 'One answer in each row, for the services you know.',
              rows: RATED_SERVICES,
              options: QUALITY,
            },
            {
              id: 'field-languages',
              path: '/opinion/languages',
              widget: 'multiselect',
              label: 'Languages spoken at home',
              options: [
                { value: 'en', label: 'English' },
                { value: 'fr', label: 'French' },
                { value: 'cy', label: 'Welsh' },
                { value: 'gd', label: 'Scottish Gaelic' },
              ],
            },
            { id: 'field-comments', path: '/opinion/comments', widget: 'textarea', label: 'Anything else you would like to tell us?' },
          ],
        },
      ],
    },
    {
      id: 'page-household',
      title: 'The people and vehicles of your household',
      sections: [
        {
          id: 'section-people',
          title: 'Person',
          description: 'Everyone else who lives with you.',
          repeatable: { path: '/people', minItems: 0, maxItems: 8, addLabel: 'Add person' },
          fields: [
            { id: 'field-person-name', path: '/name', widget: 'text', label: 'Name' },
            { id: 'field-person-email', path: '/email', widget: 'email', label: 'Email address' },
            { id: 'field-person-relationship', path: '/relationship', widget: 'radio', label: 'Relationship to you', options: RELATIONSHIP },
            { id: 'field-person-age', path: '/age', widget: 'integer', label: 'Age' },
          ],
        },
        {
          id: 'section-vehicles',
          title: 'Vehicle',
          repeatable: {
            path: '/vehicles',
            minItems: 0,
            maxItems: 4,
            addLabel: 'Add another car, van, motorcycle, boat or other registered vehicle that someone in the household owns',
          },
          fields: [{ id: 'field-vehicle-registration', path: '/registration', widget: 'text', label: 'Registration number' }],
        },
      ],
    },
    {
      id: 'page-money',
      title: 'Your home and household income',
      sections: [
        {
          id: 'section-money',
          title: 'Home and income',
          fields: [
            { id: 'field-income', path: '/money/income', widget: 'number', label: 'Yearly household income before tax' },
            { id: 'field-rooms', path: '/money/rooms', widget: 'integer', label: 'Number of rooms' },
            {
              id: 'field-proof',
              path: '/money/proof',
              widget: 'file',
              label: 'A recent utility bill, as proof of address (optional)',
              helpText: 'A bill from the last three months, with your name and address on it.',
            },
          ],
        },
      ],
    },
    {
      id: 'page-declaration',
      title: 'Declaration and signature',
      sections: [
        {
          id: 'section-declaration',
          title: 'Declaration',
          fields: [
            {
              id: 'field-notice',
              path: '',
              widget: 'static',
              label: 'Before you sign',
              helpText: 'Your answers are used for planning local services only and are never shared with other organisations.',
            },
            {
              id: 'field-consent',
              path: '/consent',
              widget: 'checkbox',
              label: 'I confirm that the answers I gave are correct to the best of my knowledge and that I may be contacted about them',
            },
            { id: 'field-updates', path: '/updates', widget: 'switch', label: 'Send me the results of the survey when they are published next year' },
            { id: 'field-results-email', path: '/resultsEmail', widget: 'email', label: 'Email address for the results' },
            { id: 'field-signature', path: '/signature', widget: 'signature', label: 'Signature' },
          ],
        },
      ],
    },
  ],
};
