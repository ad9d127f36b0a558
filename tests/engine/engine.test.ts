// @vitest-environment node
import { JsonPointerError } from '../../src/contract/json-pointer';
import type { JsonObject } from '../../src/api/types';
import { createFormEngine, type FormEngine } from '../../src/engine';
import { contactSchema, f, makeSchema, onePage, section } from './fixtures';

/** Subscribes a counter to every key and returns the counts. */
function counters(engine: FormEngine, keys: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) {
    counts[key] = 0;
    engine.subscribe(key, () => {
      counts[key] = (counts[key] ?? 0) + 1;
    });
  }
  return counts;
}

const CONTACT_KEYS = ['/name', '/age', '/email', '/preference', '/phone', '/message'];

describe('createFormEngine: data and subscriptions', () => {
  it('holds the initial data and writes immutably', () => {
    const initial = { name: 'Ada', nested: { keep: true } };
    const engine = createFormEngine(contactSchema(), { data: initial });
    const before = engine.getData();
    engine.setValue('/name', 'Grace');
    expect(engine.getValue('/name')).toBe('Grace');
    expect(before.name).toBe('Ada');
    expect(initial.name).toBe('Ada');
    expect(engine.getData()).not.toBe(before);
    expect(engine.getData().nested).toBe(before.nested);
  });

  it('a keystroke notifies only the subscriber of the edited path', () => {
    const engine = createFormEngine(contactSchema());
    const counts = counters(engine, CONTACT_KEYS);
    engine.setValue('/name', 'A');
    engine.setValue('/name', 'Ad');
    engine.setValue('/message', 'Hello');
    expect(counts).toEqual({ '/name': 2, '/age': 0, '/email': 0, '/preference': 0, '/phone': 0, '/message': 1 });
  });

  it('setting the same value notifies nobody', () => {
    const engine = createFormEngine(contactSchema(), { data: { name: 'Ada' } });
    const counts = counters(engine, CONTACT_KEYS);
    engine.setValue('/name', 'Ada');
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });

  it('a change notifies the fields whose rule result changed, and only when it changes', () => {
    const engine = createFormEngine(contactSchema());
    const counts = counters(engine, CONTACT_KEYS);
    expect(engine.getFieldState('/phone').visible).toBe(false);
    engine.setValue('/preference', 'phone');
    expect(counts['/preference']).toBe(1);
    expect(counts['/phone']).toBe(1);
    expect(engine.getFieldState('/phone')).toMatchObject({ visible: true, required: true });
    // Still 'phone': the rule result does not change, so the phone field is not told.
    engine.setValue('/preference', 'email');
    engine.setValue('/preference', 'email');
    expect(counts['/phone']).toBe(2);
    expect(engine.getFieldState('/phone')).toMatchObject({ visible: false, required: false });
    expect([counts['/name'], counts['/age'], counts['/email'], counts['/message']]).toEqual([0, 0, 0, 0]);
  });

  it('returns the same state object until something in it changes', () => {
    const engine = createFormEngine(contactSchema());
    const before = engine.getFieldState('/name');
    engine.setValue('/message', 'x');
    expect(engine.getFieldState('/name')).toBe(before);
    engine.setValue('/name', 'x');
    expect(engine.getFieldState('/name')).not.toBe(before);
  });

  it('stops notifying after unsubscribe', () => {
    const engine = createFormEngine(contactSchema());
    let count = 0;
    const unsubscribe = engine.subscribe('/name', () => count++);
    engine.setValue('/name', 'a');
    unsubscribe();
    engine.setValue('/name', 'b');
    expect(count).toBe(1);
  });

  it('removes a value set to undefined', () => {
    const engine = createFormEngine(contactSchema(), { data: { name: 'Ada', age: 3 } });
    engine.setValue('/age', undefined);
    expect(engine.getData()).toEqual({ name: 'Ada' });
  });

  it('refuses prototype-polluting paths', () => {
    const engine = createFormEngine(contactSchema());
    expect(() => engine.setValue('/__proto__/polluted', true)).toThrow(JsonPointerError);
    expect(() => engine.setValue('/constructor/prototype/polluted', true)).toThrow(JsonPointerError);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('tells change listeners the new data and the path', () => {
    const engine = createFormEngine(contactSchema());
    const seen: [unknown, string][] = [];
    engine.subscribeChanges((data, path) => seen.push([data.name, path]));
    engine.setValue('/name', 'Ada');
    expect(seen).toEqual([['Ada', '/name']]);
  });
});

describe('createFormEngine: touched, dirty and messages', () => {
  it('shows a field error only once the field was touched', () => {
    const engine = createFormEngine(contactSchema());
    engine.setValue('/name', 'x'.repeat(41));
    expect(engine.getFieldState('/name').error).toBeNull();
    engine.touch('/name');
    expect(engine.getFieldState('/name')).toMatchObject({ touched: true, error: 'Enter at most 40 characters' });
    engine.setValue('/name', 'x'.repeat(40));
    expect(engine.getFieldState('/name').error).toBeNull();
  });

  it.each([
    ['/name', undefined, 'This field is required'],
    ['/name', '   ', 'This field is required'],
    ['/age', 11, 'Enter a number between 1 and 10'],
    ['/age', 0, 'Enter a number between 1 and 10'],
    ['/age', 2.5, 'Enter a whole number'],
    ['/email', 'not-an-email', 'Enter an email address in the correct format, like name@example.com'],
    ['/preference', 'fax', 'Select one of the options'],
    ['/message', 'x'.repeat(201), 'Enter at most 200 characters'],
  ])('%s = %j says %s', (path, value, message) => {
    const engine = createFormEngine(contactSchema());
    engine.setValue(path, value);
    engine.touch(path);
    expect(engine.getFieldState(path).error).toBe(message);
  });

  it('says what to do for patterns, single limits and multiples', () => {
    const schema = makeSchema(
      {
        type: 'object',
        properties: {
          code: { type: 'string', pattern: '^[A-Z]{3}$' },
          low: { type: 'number', minimum: 5 },
          high: { type: 'number', maximum: 5 },
          above: { type: 'number', exclusiveMinimum: 0 },
          step: { type: 'number', multipleOf: 0.5 },
          short: { type: 'string', minLength: 3 },
          one: { type: 'string', maxLength: 1 },
          when: { type: 'string', format: 'date' },
        },
      },
      onePage(section('s', ['code', 'low', 'high', 'above', 'step', 'short', 'one', 'when'].map((n) => f(n, `/${n}`)))),
    );
    const engine = createFormEngine(schema);
    const cases: [string, unknown, string][] = [
      ['/code', 'abc', 'Enter a value in the correct format'],
      ['/low', 4, 'Enter a number of 5 or more'],
      ['/high', 6, 'Enter a number of 5 or less'],
      ['/above', 0, 'Enter a number greater than 0'],
      ['/step', 0.3, 'Enter a multiple of 0.5'],
      ['/short', 'ab', 'Enter at least 3 characters'],
      ['/one', 'ab', 'Enter at most 1 character'],
      ['/when', '2024-02-30', 'Enter a real date'],
    ];
    for (const [path, value, message] of cases) {
      engine.setValue(path, value);
      engine.touch(path);
      expect(engine.getFieldState(path).error).toBe(message);
    }
  });

  it('lets a host override the messages', () => {
    const engine = createFormEngine(contactSchema(), {
      messages: { maxLength: 'No more than {max} letters, please', required: 'Fill this in' },
    });
    engine.setValue('/name', 'x'.repeat(41));
    engine.touch('/name');
    expect(engine.getFieldState('/name').error).toBe('No more than 40 letters, please');
    engine.setValue('/name', undefined);
    expect(engine.getFieldState('/name').error).toBe('Fill this in');
  });

  it("lets a schema author word a field's message with errorMessage", () => {
    const schema = makeSchema(
      {
        type: 'object',
        properties: {
          postcode: { type: 'string', pattern: '^[0-9]{5}$', errorMessage: { pattern: 'Enter a 5-digit postcode' } },
          nickname: { type: 'string', maxLength: 3, errorMessage: 'Keep it short' },
        },
        required: ['postcode'],
      },
      onePage(section('s', [f('postcode', '/postcode'), f('nickname', '/nickname')])),
    );
    const engine = createFormEngine(schema);
    engine.setValue('/postcode', '12');
    engine.setValue('/nickname', 'long');
    engine.touch('/postcode');
    engine.touch('/nickname');
    expect(engine.getFieldState('/postcode').error).toBe('Enter a 5-digit postcode');
    expect(engine.getFieldState('/nickname').error).toBe('Keep it short');
    engine.setValue('/postcode', undefined);
    expect(engine.getFieldState('/postcode').error).toBe('This field is required');
  });

  it('says "Tick this box to continue" for a box that must be ticked', () => {
    const schema = makeSchema(
      { type: 'object', properties: { consent: { type: 'boolean', const: true } }, required: ['consent'] },
      onePage(section('s', [f('consent', '/consent', { widget: 'checkbox' })])),
    );
    const engine = createFormEngine(schema);
    engine.touch('/consent');
    expect(engine.getFieldState('/consent').error).toBe('Tick this box to continue');
    engine.setValue('/consent', false);
    expect(engine.getFieldState('/consent').error).toBe('Tick this box to continue');
    engine.setValue('/consent', true);
    expect(engine.getFieldState('/consent').error).toBeNull();
  });

  it('tracks dirty against the initial data, per field and form-wide', () => {
    const engine = createFormEngine(contactSchema(), { data: { name: 'Ada' } });
    expect(engine.getFormState().dirty).toBe(false);
    engine.setValue('/name', 'Grace');
    expect(engine.getFieldState('/name').dirty).toBe(true);
    expect(engine.getFormState().dirty).toBe(true);
    engine.setValue('/name', 'Ada');
    expect(engine.getFieldState('/name').dirty).toBe(false);
    expect(engine.getFormState().dirty).toBe(false);
  });

  it('replaces data with setData and can make it the new baseline', () => {
    const engine = createFormEngine(contactSchema());
    let count = 0;
    engine.subscribe('/name', () => count++);
    engine.setData({ name: 'Restored' });
    expect(count).toBe(1);
    expect(engine.getFieldState('/name')).toMatchObject({ value: 'Restored', dirty: true });
    engine.setData({ name: 'Saved' }, { asInitial: true });
    expect(engine.getFieldState('/name')).toMatchObject({ value: 'Saved', dirty: false });
  });
});

describe('createFormEngine: rules', () => {
  it('does not validate or require hidden fields, and drops their answers on submit', () => {
    const engine = createFormEngine(contactSchema(), { data: { name: 'Ada', preference: 'email', phone: 'bad!' } });
    const result = engine.submit();
    expect(result.valid).toBe(true);
    expect(result.data).toEqual({ name: 'Ada', preference: 'email' });
    expect(engine.getFieldState('/phone').error).toBeNull();
  });

  it('requires a field whose requiredWhen holds', () => {
    const engine = createFormEngine(contactSchema(), { data: { name: 'Ada', preference: 'phone' } });
    const result = engine.submit();
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => [e.path, e.message])).toEqual([['/phone', 'This field is required']]);
    expect(engine.getFieldState('/phone').error).toBe('This field is required');
  });

  it('supports every rule operator', () => {
    const rule = (op: string, value?: unknown) => [{ path: '/n', op, value }] as never;
    const schema = makeSchema(
      { type: 'object', properties: { n: { type: 'number' }, tags: { type: 'array', items: { type: 'string' } } } },
      onePage(
        section('s', [
          f('n', '/n', { widget: 'number' }),
          f('eq', '/eq', { visibleWhen: rule('eq', 3) }),
          f('neq', '/neq', { visibleWhen: rule('neq', 3) }),
          f('in', '/in', { visibleWhen: rule('in', [1, 3]) }),
          f('notIn', '/notIn', { visibleWhen: rule('notIn', [1, 3]) }),
          f('empty', '/empty', { visibleWhen: rule('empty') }),
          f('notEmpty', '/notEmpty', { visibleWhen: rule('notEmpty') }),
          f('gt', '/gt', { visibleWhen: rule('gt', 2) }),
          f('lt', '/lt', { visibleWhen: rule('lt', 2) }),
        ]),
      ),
    );
    const engine = createFormEngine(schema);
    const visible = () =>
      ['eq', 'neq', 'in', 'notIn', 'empty', 'notEmpty', 'gt', 'lt'].filter((k) => engine.getFieldState(`/${k}`).visible);
    expect(visible()).toEqual(['neq', 'notIn', 'empty']);
    engine.setValue('/n', 3);
    expect(visible()).toEqual(['eq', 'in', 'notEmpty', 'gt']);
    engine.setValue('/n', 1);
    expect(visible()).toEqual(['neq', 'in', 'notEmpty', 'lt']);
  });

  it('treats a hidden field as unanswered in rules that read it (chains)', () => {
    const schema = makeSchema(
      { type: 'object', properties: { a: { type: 'boolean' }, b: { type: 'string' }, c: { type: 'string' } } },
      onePage(
        section('s', [
          f('a', '/a', { widget: 'switch' }),
          f('b', '/b', { visibleWhen: [{ path: '/a', op: 'eq', value: true }] }),
          f('c', '/c', { visibleWhen: [{ path: '/b', op: 'eq', value: 'show' }] }),
        ]),
      ),
    );
    const engine = createFormEngine(schema, { data: { a: true, b: 'show' } });
    expect(engine.getFieldState('/c').visible).toBe(true);
    let cCount = 0;
    engine.subscribe('/c', () => cCount++);
    engine.setValue('/a', false);
    expect(engine.getFieldState('/b').visible).toBe(false);
    expect(engine.getFieldState('/c').visible).toBe(false);
    expect(cCount).toBe(1);
  });

  it('computes values from other paths, including every item of an array', () => {
    const schema = makeSchema(
      {
        type: 'object',
        properties: {
          first: { type: 'string' },
          last: { type: 'string' },
          fullName: { type: 'string' },
          items: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number' } } } },
          total: { type: 'number' },
        },
      },
      onePage(
        section('names', [
          f('first', '/first'),
          f('last', '/last'),
          f('fullName', '/fullName', { computed: { op: 'concat', paths: ['/first', '/last'] } }),
        ]),
        section('items', [f('amount', '/amount', { widget: 'number' })], { repeatable: { path: '/items' } }),
        section('totals', [f('total', '/total', { widget: 'number', computed: { op: 'sum', paths: ['/items/*/amount'] } })]),
      ),
    );
    const engine = createFormEngine(schema, { data: { items: [{ amount: 1.1 }, { amount: 2.2 }] } });
    expect(engine.getValue('/total')).toBe(3.3);
    expect(engine.getFieldState('/total').readOnly).toBe(true);
    let totals = 0;
    engine.subscribe('/total', () => totals++);
    engine.setValue('/items/1/amount', 5);
    expect(engine.getValue('/total')).toBe(6.1);
    expect(totals).toBe(1);
    engine.addItem('/items', { amount: 10 });
    expect(engine.getValue('/total')).toBe(16.1);
    engine.removeItem('/items', 0);
    expect(engine.getValue('/total')).toBe(15);
    engine.setValue('/first', 'Ada');
    engine.setValue('/last', 'Lovelace');
    expect(engine.getValue('/fullName')).toBe('Ada Lovelace');
  });
});

describe('createFormEngine: repeatable sections', () => {
  function peopleSchema() {
    return makeSchema(
      {
        type: 'object',
        properties: {
          people: {
            type: 'array',
            items: { type: 'object', properties: { name: { type: 'string', maxLength: 5 } }, required: ['name'] },
          },
        },
      },
      onePage(section('people', [f('name', '/name')], { repeatable: { path: '/people', minItems: 1, maxItems: 3 } })),
    );
  }

  it('adds, removes and moves items with stable keys, min and max', () => {
    const engine = createFormEngine(peopleSchema(), { data: { people: [{ name: 'A' }] } });
    const first = engine.getArrayState('/people');
    expect(first).toMatchObject({ length: 1, minItems: 1, maxItems: 3, canAdd: true, canRemove: false });
    let arrayCount = 0;
    engine.subscribeArray('/people', () => arrayCount++);
    engine.addItem('/people', { name: 'B' });
    engine.addItem('/people', { name: 'C' });
    const full = engine.getArrayState('/people');
    expect(full).toMatchObject({ length: 3, canAdd: false, canRemove: true });
    expect(full.keys[0]).toBe(first.keys[0]);
    expect(arrayCount).toBe(2);
    engine.moveItem('/people', 2, 0);
    expect(engine.getValue('/people')).toEqual([{ name: 'C' }, { name: 'A' }, { name: 'B' }]);
    expect(engine.getArrayState('/people').keys).toEqual([full.keys[2], full.keys[0], full.keys[1]]);
    engine.removeItem('/people', 1);
    expect(engine.getValue('/people')).toEqual([{ name: 'C' }, { name: 'B' }]);
    expect(engine.getArrayState('/people').keys).toEqual([full.keys[2], full.keys[1]]);
    expect(engine.getFieldState('/people/1/name').value).toBe('B');
    expect(engine.getFieldState('/people/2/name').visible).toBe(false);
  });

  it('keeps touched state and errors with their item when items move', () => {
    const engine = createFormEngine(peopleSchema(), { data: { people: [{ name: 'toolong' }, { name: 'ok' }] } });
    engine.touch('/people/0/name');
    expect(engine.getFieldState('/people/0/name').error).toBe('Enter at most 5 characters');
    engine.moveItem('/people', 0, 1);
    expect(engine.getFieldState('/people/0/name')).toMatchObject({ value: 'ok', error: null, touched: false });
    expect(engine.getFieldState('/people/1/name')).toMatchObject({ value: 'toolong', error: 'Enter at most 5 characters' });
  });

  it('reports too few items once the section is checked', () => {
    const engine = createFormEngine(peopleSchema());
    expect(engine.getArrayState('/people').error).toBeNull();
    const errors = engine.validatePage(0);
    expect(errors.map((e) => [e.path, e.message])).toEqual([['/people', 'Add at least 1 item']]);
    expect(engine.getArrayState('/people').error).toBe('Add at least 1 item');
    engine.addItem('/people');
    expect(engine.getArrayState('/people').error).toBeNull();
    expect(engine.submit().errors.map((e) => [e.path, e.message, e.itemIndex])).toEqual([['/people/0/name', 'This field is required', 0]]);
  });
});

describe('createFormEngine: pages, submit and the summary', () => {
  function twoPages() {
    return makeSchema(
      {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' } },
        required: ['a', 'b'],
      },
      {
        pages: [
          { id: 'one', title: 'One', sections: [section('s1', [f('a', '/a')])] },
          { id: 'two', title: 'Two', sections: [section('s2', [f('b', '/b')])] },
        ],
      },
    );
  }

  it('checks one page and lists only its errors', () => {
    const engine = createFormEngine(twoPages());
    const errors = engine.validatePage(0);
    expect(errors).toEqual([
      expect.objectContaining({ path: '/a', fieldId: 'a', message: 'This field is required', pageIndex: 0, label: 'a' }),
    ]);
    expect(engine.getFieldState('/a').error).toBe('This field is required');
    expect(engine.getFieldState('/b').error).toBeNull();
    expect(engine.getFormState().summary).toEqual(errors);
    engine.setValue('/a', 'x');
    expect(engine.validatePage(0)).toEqual([]);
    expect(engine.getFormState().summary).toBeNull();
  });

  it('submit shows every error in layout order and counts submits', () => {
    const engine = createFormEngine(twoPages());
    let formCount = 0;
    engine.subscribeForm(() => formCount++);
    const result = engine.submit();
    expect(result.errors.map((e) => e.path)).toEqual(['/a', '/b']);
    expect(engine.getFormState()).toMatchObject({ submitCount: 1, errorCount: 2 });
    expect(formCount).toBe(1);
  });

  it('check() does not change what shows', () => {
    const engine = createFormEngine(twoPages());
    const before = engine.getFieldState('/a');
    expect(engine.check().errors).toHaveLength(2);
    expect(engine.getFieldState('/a')).toBe(before);
    expect(engine.getFormState().summary).toBeNull();
  });

  it('shows errors from outside until the value changes', () => {
    const engine = createFormEngine(twoPages(), { data: { a: 'x', b: 'y' } });
    engine.setExternalErrors([{ path: '/a', message: 'Already taken' }]);
    expect(engine.getFieldState('/a').error).toBe('Already taken');
    engine.setValue('/a', 'z');
    expect(engine.getFieldState('/a').error).toBeNull();
  });

  it('a problem an input holds (a refused file) is its error at once and fails the page, the check and the submit until it lets go', () => {
    const engine = createFormEngine(twoPages(), { data: { b: 'y' } });
    const seen = counters(engine, ['/a']);
    engine.handle('/a').hold('The file cv.pdf is larger than 2 MB.');
    // Shown before the field is touched, and over the 'required' of its empty answer.
    expect(engine.getFieldState('/a')).toMatchObject({ error: 'The file cv.pdf is larger than 2 MB.', touched: false });
    expect(seen['/a']).toBe(1);
    expect(engine.validatePage(0).map((e) => e.message)).toEqual(['The file cv.pdf is larger than 2 MB.']);
    expect(engine.check().errors.map((e) => e.message)).toEqual(['The file cv.pdf is larger than 2 MB.']);
    // An answer does not let go: the input still holds what it refused.
    engine.setValue('/a', 'x');
    const submitted = engine.submit();
    expect(submitted.valid).toBe(false);
    expect(submitted.errors.map((e) => [e.path, e.message])).toEqual([['/a', 'The file cv.pdf is larger than 2 MB.']]);
    expect(engine.getFormState().summary?.map((e) => e.message)).toEqual(['The file cv.pdf is larger than 2 MB.']);
    engine.handle('/a').hold(null);
    expect(engine.getFieldState('/a').error).toBeNull();
    expect(engine.submit().valid).toBe(true);
  });
});

describe('createFormEngine: cost of a keystroke does not grow with the form', () => {
  it('notifies one subscriber out of 1000', () => {
    const properties: JsonObject = {};
    const fields = [];
    for (let i = 0; i < 1000; i++) {
      properties[`f${i}`] = { type: 'string', maxLength: 40 };
      fields.push(f(`f${i}`, `/f${i}`));
    }
    const engine = createFormEngine(makeSchema({ type: 'object', properties }, onePage(section('s', fields))));
    let notified = 0;
    for (let i = 0; i < 1000; i++) engine.subscribe(`/f${i}`, () => notified++);
    engine.setValue('/f500', 'hello');
    expect(notified).toBe(1);
  });
});
