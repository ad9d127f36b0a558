// @vitest-environment node
import type { FieldWidget, FormLayout, FormSchema, JsonObject } from '../../src/api/types';
import { checkSchemaForSave } from '../../src/domain/forms';
import { DomainError } from '../../src/domain/errors';
import { checkWidgetBindings, FormLimitError, validateSubmission, WIDGET_KINDS } from '../../src/engine';
import { DEFAULT_FILE_LIMITS, FILE_MAX_BYTES, fileFieldOf, fileLimitsOf, fileReferencesText, fileSchema } from '../../src/engine/files';
import { matrixAnswerLines, matrixMissingRows, matrixSchema } from '../../src/engine/matrix';
import { RATING_SCALE } from '../../src/engine/widget-kinds';
import { seedFormSchemas } from '../../src/testing/seed-forms';
import { SEED_SCHEMA_CONTENTS } from '../../example-host/server/db/seed';
import { showcaseLayout, showcaseSchema } from '../../example-host/server/db/seed-showcase';
import { f, makeSchema, onePage, section } from './fixtures';

const schemaOf = (properties: JsonObject, layout: FormLayout) => ({
  jsonSchema: { type: 'object', properties } as JsonObject,
  layout,
});

function refusal(run: () => unknown): FormLimitError {
  try {
    run();
  } catch (error) {
    if (error instanceof FormLimitError) return error;
    throw error;
  }
  throw new Error('expected a FormLimitError');
}

const one = (widget: FieldWidget, property: JsonObject | boolean) => schemaOf({ value: property }, onePage(section('s', [f('value', '/value', { widget })])));

describe('WIDGET_KINDS: what each widget stores', () => {
  it('has a row for every widget the renderer knows', () => {
    expect(Object.keys(WIDGET_KINDS).sort()).toEqual(
      ['checkbox', 'checkboxes', 'date', 'datetime', 'email', 'file', 'integer', 'matrix', 'multiselect', 'number', 'phone', 'radio', 'rating', 'segmented', 'select', 'signature', 'static', 'switch', 'text', 'textarea', 'time', 'url'].sort(),
    );
    expect(WIDGET_KINDS.multiselect.value).toBe('list');
    expect(WIDGET_KINDS.checkbox.types).toEqual(['boolean']);
    expect(WIDGET_KINDS.static.value).toBe('none');
  });
});

describe('rating: a whole number of stars, from 1 to 3-10', () => {
  it('accepts an integer path from 1 to 3 and to 10 stars (and through $ref), the default one of 5', () => {
    expect(WIDGET_KINDS.rating).toMatchObject({ value: 'number', types: ['integer'], defaultSchema: { type: 'integer', minimum: 1, maximum: 5 }, scale: RATING_SCALE });
    expect(WIDGET_KINDS.rating.properties).toContain('stars');
    for (const maximum of [3, 5, 10]) expect(() => checkWidgetBindings(one('rating', { type: 'integer', minimum: 1, maximum }))).not.toThrow();
    const viaRef = schemaOf({ value: { $ref: '#/$defs/stars' } }, onePage(section('s', [f('value', '/value', { widget: 'rating' })])));
    viaRef.jsonSchema.$defs = { stars: { type: 'integer', minimum: 1, maximum: 7 } };
    expect(() => checkWidgetBindings(viaRef)).not.toThrow();
  });

  it.each<[string, JsonObject]>([
    ['no maximum', { type: 'integer', minimum: 1 }],
    ['too many stars', { type: 'integer', minimum: 1, maximum: 11 }],
    ['too few stars', { type: 'integer', minimum: 1, maximum: 2 }],
    ['a fraction of a star', { type: 'integer', minimum: 1, maximum: 4.5 }],
    ['a scale from 0', { type: 'integer', minimum: 0, maximum: 5 }],
  ])('refuses a rating path with %s, naming the field and the scale', (_, property) => {
    const error = refusal(() => checkWidgetBindings(one('rating', property)));
    expect(error).toMatchObject({ kind: 'schema-binding', status: 400 });
    expect(error.message).toBe(
      "The field 'value' uses the widget 'rating', which stores a whole number from 1 to its number of stars, but the data path '/value' does not say 'minimum': 1 and a whole 'maximum' from 3 to 10.",
    );
  });

  it('refuses a rating bound to a number that may hold fractions, or to text', () => {
    expect(refusal(() => checkWidgetBindings(one('rating', { type: 'number', minimum: 1, maximum: 5 }))).message).toMatch(/'rating', which stores a rating in stars .* of type 'number'/);
    expect(refusal(() => checkWidgetBindings(one('rating', { type: 'string' }))).message).toMatch(/of type 'string'/);
  });
});

describe('matrix: one choice per row of a grid', () => {
  const rows = [
    { value: 'room', label: 'Room' },
    { value: 'food', label: 'Food' },
  ];
  const columns = [
    { value: 'poor', label: 'Poor' },
    { value: 'good', label: 'Good' },
  ];
  const gridField = f('grid', '/grid', { widget: 'matrix', label: 'Rate the stay', rows, options: columns });
  const gridSchema = (required: boolean, property: JsonObject = matrixSchema(rows, columns)): FormSchema =>
    makeSchema({ type: 'object', properties: { grid: property }, ...(required ? { required: ['grid'] } : {}) }, onePage(section('s', [gridField])));

  it('stores an object bound to a path naming each row, whose new field and schema pass the save check', () => {
    expect(WIDGET_KINDS.matrix).toMatchObject({ value: 'matrix', types: ['object'] });
    expect(WIDGET_KINDS.matrix.properties).toEqual(expect.arrayContaining(['rows', 'options', 'required']));
    const fresh = schemaOf({ value: WIDGET_KINDS.matrix.defaultSchema }, onePage(section('s', [f('value', '/value', { widget: 'matrix', ...WIDGET_KINDS.matrix.defaultField })])));
    expect(() => checkWidgetBindings(fresh)).not.toThrow();
    expect(() => checkWidgetBindings(gridSchema(true))).not.toThrow();
  });

  it('refuses a path that allows other keys, misses a row, or is no object, and a matrix without rows', () => {
    const open = matrixSchema(rows, columns);
    delete open.additionalProperties;
    expect(refusal(() => checkWidgetBindings(gridSchema(false, open))).message).toBe(
      "The field 'grid' uses the widget 'matrix', which stores one choice per row, but the data path '/grid' does not name each of its rows as a property and allow no other ('additionalProperties': false).",
    );
    expect(refusal(() => checkWidgetBindings(gridSchema(false, matrixSchema(rows.slice(0, 1), columns)))).message).toMatch(/; missing: 'food'\.$/);
    expect(refusal(() => checkWidgetBindings(gridSchema(false, { type: 'string' }))).message).toMatch(/'matrix', which stores one choice per row .* of type 'string'/);
    const rowless = schemaOf({ grid: matrixSchema([], columns) }, onePage(section('s', [f('grid', '/grid', { widget: 'matrix', rows: [], options: columns })])));
    expect(refusal(() => checkWidgetBindings(rowless)).message).toMatch(/it has no rows\.$/);
  });

  it('is checked by the one engine: a required matrix needs every row, an unknown row or column is refused', () => {
    expect(validateSubmission(gridSchema(true), { grid: { room: 'good', food: 'poor' } }).valid).toBe(true);
    const partial = validateSubmission(gridSchema(true), { grid: { room: 'good' } });
    expect(partial.errors).toEqual([expect.objectContaining({ path: '/grid', message: 'Choose an answer in each row' })]);
    expect(validateSubmission(gridSchema(true), { grid: {} }).errors.map((e) => e.message)).toEqual(['Choose an answer in each row']);
    expect(validateSubmission(gridSchema(true), {}).errors.map((e) => e.message)).toEqual(['This field is required']);
    // Not required: some rows may stay unanswered.
    expect(validateSubmission(gridSchema(false), { grid: { room: 'good' } }).valid).toBe(true);
    expect(validateSubmission(gridSchema(false), { grid: { room: 'good', pool: 'good' } }).errors.map((e) => e.path)).toEqual(['/grid']);
    expect(validateSubmission(gridSchema(false), { grid: { room: 'great' } }).errors.map((e) => e.path)).toEqual(['/grid']);
    expect(matrixMissingRows(gridField, { room: 'good', food: '' }).map((r) => r.value)).toEqual(['food']);
    expect(matrixAnswerLines(gridField, { food: 'good', room: 'poor' })).toEqual(['Room — Poor', 'Food — Good']);
  });
});

describe('file: uploaded files, limited by the schema of the path', () => {
  const upload = f('papers', '/papers', { widget: 'file', label: 'Payslips' });
  const limits = { accepted: ['application/pdf', 'image/png'] as const, maxBytes: 2 * 1024 * 1024, maxFiles: 2 };
  const filesSchema = (required: boolean, property: JsonObject = fileSchema({ ...limits, accepted: [...limits.accepted] })): FormSchema =>
    makeSchema({ type: 'object', properties: { papers: property }, ...(required ? { required: ['papers'] } : {}) }, onePage(section('s', [upload])));
  const pdf = (size: number, fileId = 'a') => ({ fileId, name: `${fileId}.pdf`, size, type: 'application/pdf' });

  it('stores a list of file references; a new field and its schema pass the save check', () => {
    expect(WIDGET_KINDS.file).toMatchObject({ value: 'file', types: ['array'], name: 'File upload' });
    expect(WIDGET_KINDS.file.properties).toEqual(expect.arrayContaining(['fileLimits', 'required']));
    const fresh = schemaOf({ value: WIDGET_KINDS.file.defaultSchema }, onePage(section('s', [f('value', '/value', { widget: 'file', ...WIDGET_KINDS.file.defaultField })])));
    expect(() => checkWidgetBindings(fresh)).not.toThrow();
    expect(fileLimitsOf(WIDGET_KINDS.file.defaultSchema)).toEqual(DEFAULT_FILE_LIMITS);
    expect(DEFAULT_FILE_LIMITS.maxBytes).toBe(10 * 1024 * 1024);
    expect(fileFieldOf(filesSchema(false), 'papers')?.limits).toEqual({ ...limits, accepted: [...limits.accepted] });
    expect(fileFieldOf(filesSchema(false), 'other')).toBeNull();
  });

  it('refuses a path that does not say the types and largest size, one over 10 MiB, or no array', () => {
    const message = refusal(() => checkWidgetBindings(filesSchema(false, { type: 'array', items: { type: 'object' } }))).message;
    expect(message).toMatch(/^The field 'papers' uses the widget 'file', which stores uploaded files, but the data path '\/papers' does not say/);
    expect(() => checkWidgetBindings(filesSchema(false, fileSchema({ ...DEFAULT_FILE_LIMITS, maxBytes: FILE_MAX_BYTES + 1 })))).toThrow(FormLimitError);
    const strange = fileSchema(DEFAULT_FILE_LIMITS) as { items: { properties: { type: JsonObject } } };
    strange.items.properties.type = { type: 'string', enum: ['application/x-msdownload'] };
    expect(() => checkWidgetBindings(filesSchema(false, strange as unknown as JsonObject))).toThrow(FormLimitError);
    expect(refusal(() => checkWidgetBindings(filesSchema(false, { type: 'string' }))).message).toMatch(/'file', which stores uploaded files .* of type 'string'/);
  });

  it('is checked by the one engine: size, type and number of files, required, and never the bytes in the answer', () => {
    expect(validateSubmission(filesSchema(true), { papers: [pdf(1000)] }).valid).toBe(true);
    expect(validateSubmission(filesSchema(true), { papers: [pdf(1000), pdf(2000, 'b')] }).valid).toBe(true);
    expect(validateSubmission(filesSchema(true), {}).errors.map((e) => e.message)).toEqual(['This field is required']);
    expect(validateSubmission(filesSchema(true), { papers: [] }).errors.map((e) => e.message)).toEqual(['This field is required']);
    const refusedAt = (papers: unknown) => validateSubmission(filesSchema(false), { papers }).errors.map((e) => e.path);
    expect(refusedAt([pdf(limits.maxBytes + 1)])).toEqual(['/papers']);
    expect(refusedAt([{ ...pdf(10), type: 'image/gif' }])).toEqual(['/papers']);
    expect(refusedAt([pdf(1), pdf(2, 'b'), pdf(3, 'c')])).toEqual(['/papers']);
    expect(refusedAt([{ ...pdf(10), bytes: 'JVBERi0=' }])).toEqual(['/papers']);
    expect(fileReferencesText([pdf(1536 * 1024)], 'en')).toBe('a.pdf (1.5 MB)');
  });
});

describe('checkWidgetBindings: a saved layout can be filled in', () => {
  it('refuses a multi-select bound to a string, naming the field, the widget and the type', () => {
    const error = refusal(() => checkWidgetBindings(one('multiselect', { type: 'string' })));
    expect(error.kind).toBe('schema-binding');
    expect(error.status).toBe(400);
    expect(error.message).toContain("'value'");
    expect(error.message).toContain("'multiselect'");
    expect(error.message).toContain("of type 'string'");
  });

  it.each<[FieldWidget, JsonObject | boolean]>([
    ['text', { type: 'number' }],
    ['number', { type: 'string' }],
    ['checkbox', { type: 'string' }],
    ['switch', { type: 'array', items: { type: 'string' } }],
    ['select', { type: 'array', items: { type: 'string' } }],
    ['checkboxes', { type: 'boolean' }],
    ['multiselect', { type: 'array', items: { type: 'object' } }],
    ['date', { type: 'string', format: 'email' }],
    ['email', { type: 'string', format: 'date' }],
    ['signature', { type: 'object' }],
    ['text', false],
  ])('refuses %s on %j', (widget, property) => {
    expect(refusal(() => checkWidgetBindings(one(widget, property))).kind).toBe('schema-binding');
  });

  it.each<[FieldWidget, JsonObject]>([
    ['text', { type: 'string', format: 'date' }],
    ['textarea', { type: ['string', 'null'] }],
    ['number', { type: 'integer' }],
    ['integer', { type: 'number' }],
    ['select', { type: 'integer', enum: [1, 2] }],
    ['radio', { type: 'boolean' }],
    ['multiselect', { type: 'array', items: { type: 'string', enum: ['a', 'b'] } }],
    ['checkboxes', { type: 'array' }],
    ['date', { type: 'string', format: 'date' }],
    ['datetime', { type: 'string' }],
    ['checkbox', { $ref: '#/$defs/flag' }],
    ['text', {}],
  ])('accepts %s on %j', (widget, property) => {
    const schema = one(widget, property);
    (schema.jsonSchema as { $defs?: JsonObject }).$defs = { flag: { type: 'boolean' } };
    expect(() => checkWidgetBindings(schema)).not.toThrow();
  });

  it('reads the type of a field inside a repeatable section from the array items, and needs an array to repeat over', () => {
    const items = { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' } } } };
    const layout = onePage(section('rows', [f('qty', '/qty', { widget: 'checkbox' })], { repeatable: { path: '/rows' } }));
    expect(refusal(() => checkWidgetBindings(schemaOf({ rows: items }, layout))).message).toContain("'/rows/*/qty'");
    const fine = onePage(section('rows', [f('qty', '/qty', { widget: 'integer' })], { repeatable: { path: '/rows' } }));
    expect(() => checkWidgetBindings(schemaOf({ rows: items }, fine))).not.toThrow();
    expect(refusal(() => checkWidgetBindings(schemaOf({ rows: { type: 'string' } }, fine))).message).toContain("not 'array'");
  });

  it('refuses a widget it does not know', () => {
    const layout = onePage(section('s', [f('x', '/x', { widget: 'slider' as FieldWidget })]));
    expect(refusal(() => checkWidgetBindings(schemaOf({ x: { type: 'number' } }, layout))).message).toContain("'slider', which is not known");
  });

  it('is part of the check before saving: a 400 problem', () => {
    try {
      checkSchemaForSave(one('multiselect', { type: 'string' }));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).status).toBe(400);
    }
  });

  it("the Household Survey's phone number says what it wants when it does not match (its errorMessage), on the server's check", () => {
    const schema = { formSchemaId: 'showcase', formId: 'showcase', version: 1, name: 'Household Survey', jsonSchema: showcaseSchema, layout: showcaseLayout } as unknown as FormSchema;
    const result = validateSubmission(schema, { respondent: { phone: 'call me' } });
    expect(result.errors.find((e) => e.path === '/respondent/phone')?.message).toBe(
      'Enter a phone number of 6 to 20 digits, spaces, brackets or dashes, like +44 20 7946 0958',
    );
    expect(validateSubmission(schema, { respondent: { phone: '+44 20 7946 0958' } }).errors.find((e) => e.path === '/respondent/phone')).toBeUndefined();
  });

  it("the Household Survey asks for its declaration: ticked and signed, each said in words, on the server's check", () => {
    const schema = { formSchemaId: 'showcase', formId: 'showcase', version: 1, name: 'Household Survey', jsonSchema: showcaseSchema, layout: showcaseLayout } as unknown as FormSchema;
    const unsigned = validateSubmission(schema, { respondent: { name: 'Ada' } }).errors;
    expect(unsigned.find((e) => e.path === '/consent')?.message).toBe('Tick this box to continue');
    expect(unsigned.find((e) => e.path === '/signature')?.message).toBe('Sign the declaration: type your full name or draw your signature');
    expect(validateSubmission(schema, { consent: false, signature: 'Ada Lovelace' }).errors.map((e) => [e.path, e.message])).toEqual([['/consent', 'Tick this box to continue']]);
    expect(validateSubmission(schema, { consent: true, signature: 'Ada Lovelace' }).errors).toEqual([]);
  });

  it("accepts every seeded form (the fake's and the server's)", () => {
    const showcase = { jsonSchema: showcaseSchema, layout: showcaseLayout };
    for (const schema of [...seedFormSchemas(), ...SEED_SCHEMA_CONTENTS, showcase]) expect(() => checkSchemaForSave(schema)).not.toThrow();
  });
});
