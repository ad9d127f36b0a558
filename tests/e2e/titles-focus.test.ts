import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, startStack } from './stack';
import type { Stack } from './stack';

// What a person sees in Chromium: the tab's title of each page and each step, where focus goes after Back, the step
// kept over a reload, the one <main> landmark, a number typed with a comma, and the hint for a mode the link gets wrong.

let stack: Stack;
let adminToken: string;
let schemaId: string;
const formName = `Travel claim ${Date.now()}`;

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

const jsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    city: { type: 'string', maxLength: 100 },
    distance: { type: 'number', minimum: 0, maximum: 10000 },
  },
  required: ['name'],
};
const page = (id: string, title: string, fields: unknown[]) => ({ id, title, sections: [{ id: `${id}-s`, title: `${title} details`, fields }] });
const layout = {
  pages: [
    page('p1', 'Traveller', [{ id: 'f-name', path: '/name', widget: 'text', label: 'Full name' }]),
    page('p2', 'Trip', [{ id: 'f-city', path: '/city', widget: 'text', label: 'City' }]),
    page('p3', 'Costs', [{ id: 'f-distance', path: '/distance', widget: 'number', label: 'Distance (km)' }]),
  ],
};

beforeAll(async () => {
  stack = await startStack();
  adminToken = await stack.server.mintAccessToken({ sub: 'admin' });
  const form = await api<{ formId: string }>('POST', '/api/crud/form/post', { name: formName });
  expect(form.status).toBe(200);
  const schema = await api<{ formSchemaId: string }>('POST', '/api/crud/formschema/post', { formId: form.body.formId, jsonSchema, layout, isPublic: true });
  expect(schema.status).toBe(200);
  schemaId = schema.body.formSchemaId;
});
afterAll(async () => {
  await stack?.stop();
});

describe('titles, landmarks and focus in the browser', () => {
  it('titles each step, moves focus to the heading on Back, keeps the step over a reload, and refuses "1,65"', async () => {
    const { context, page: tab, errors } = await newPage(stack.browser);
    await tab.goto(`${stack.url}/form-instance/${schemaId}?mode=edit`);
    await tab.getByLabel('Full name').fill('Tess Traveller');
    await tab.waitForFunction((name) => document.title === `Step 1 of 3: Traveller — ${name}`, formName);
    expect(await tab.getByRole('main').count()).toBe(1);

    await tab.getByRole('button', { name: 'Next' }).click();
    await tab.getByRole('heading', { name: 'Trip', exact: true }).waitFor();
    expect(await tab.title()).toBe(`Step 2 of 3: Trip — ${formName}`);
    await tab.getByRole('button', { name: 'Back' }).click();
    await tab.getByRole('heading', { name: 'Traveller', exact: true }).waitFor();
    // Focus is on the heading of the page Back opened, not dropped to the body.
    expect(await tab.evaluate(() => [document.activeElement?.tagName, document.activeElement?.textContent])).toEqual(['H2', 'Traveller']);
    expect(await tab.title()).toBe(`Step 1 of 3: Traveller — ${formName}`);

    await tab.getByRole('button', { name: 'Next' }).click();
    await tab.getByLabel('City').fill('Lyon');
    await tab.getByRole('button', { name: 'Next' }).click();
    await tab.getByLabel('Distance (km)').waitFor();
    await tab.getByText('All changes saved').waitFor({ timeout: 15_000 });

    // A number with a comma is kept as typed and refused with a message (type="number" made it 165).
    await tab.getByLabel('Distance (km)').pressSequentially('1,65');
    await tab.getByLabel('Distance (km)').blur();
    await tab.getByText('Write the number with a point for decimals and without commas, like 1.65').waitFor();
    expect(await tab.getByLabel('Distance (km)').inputValue()).toBe('1,65');
    await tab.getByLabel('Distance (km)').fill('1.65');
    expect(await tab.getByText(/without commas/).count()).toBe(0);
    await tab.getByText('All changes saved').waitFor({ timeout: 15_000 });

    // A reload on step 3 comes back to step 3 (the visitor may be asked first whether to continue).
    await tab.reload();
    const resumed = tab.getByRole('button', { name: 'Continue' });
    const step = tab.getByText('Step 3 of 3');
    await Promise.race([resumed.waitFor({ timeout: 15_000 }), step.waitFor({ timeout: 15_000 })]);
    if (await resumed.isVisible()) await resumed.click();
    await step.waitFor({ timeout: 15_000 });
    expect(await tab.getByLabel('Distance (km)').inputValue()).toBe('1.65');
    await tab.waitForFunction((name) => document.title === `Step 3 of 3: Costs — ${name}`, formName);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the home, Not Found and a wrong mode their own title, one <main> and an h1', async () => {
    const { context, page: tab, errors } = await newPage(stack.browser);
    await tab.goto(`${stack.url}/`);
    await tab.getByRole('heading', { level: 1 }).waitFor();
    expect(await tab.title()).toBe('CCQ Forms Admin');
    expect(await tab.getByRole('main').count()).toBe(1);

    await tab.goto(`${stack.url}/no-such-page`);
    await tab.getByRole('heading', { level: 1, name: 'Not Found' }).waitFor();
    expect(await tab.title()).toBe('Not Found — CCQ Forms Admin');
    expect(await tab.getByRole('main').count()).toBe(1);

    await tab.goto(`${stack.url}/form-instance/${schemaId}?mode=bogus`);
    await tab.getByRole('heading', { level: 1, name: 'This form link is not valid' }).waitFor();
    expect(await tab.title()).toBe('This form link is not valid — CCQ Forms Admin');
    await tab.getByRole('link', { name: 'Fill in the form' }).click();
    await tab.getByLabel('Full name').waitFor();
    expect(new URL(tab.url()).searchParams.get('mode')).toBe('edit');

    await tab.goto(`${stack.url}/form-instance/${schemaId}?mode=EDIT`);
    await tab.getByLabel('Full name').waitFor();
    expect(await tab.getByRole('textbox', { name: 'Full name' }).isEditable()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
