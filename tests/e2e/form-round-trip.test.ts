import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/api/types';
import { widgetGalleryData, widgetGallerySchema } from '../../stories/forms/fixtures';
import { newPage, startStack } from './stack';
import type { Stack } from './stack';

// On the real server, in Chromium: an instance holding an answer for every widget is opened with its edit link, the
// date and time answers are typed, saved, and a second browser opening the same link finds every answer shown as
// typed (a date-time used to come back as a Date and show empty). The title is the form's name and description,
// never the schema's internal name. Two people who opened the same instance each save once: the second is told the
// form changed elsewhere, and the first one's answer stays.

let stack: Stack;
let adminToken: string;
let formInstanceId: string;

async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function editLink(): Promise<string> {
  const link = await api<string>('GET', `/api/Forms/GetEditUrl?formInstanceId=${formInstanceId}`);
  expect(link.status).toBe(200);
  return link.body;
}

beforeAll(async () => {
  stack = await startStack();
  adminToken = await stack.server.mintAccessToken({ sub: 'admin' });
  const gallery = widgetGallerySchema([]);
  const form = await api<{ formId: string }>('POST', '/api/crud/form/post', { name: 'Every answer', description: 'One of each kind of question.' });
  expect(form.status).toBe(200);
  const schema = await api<{ formSchemaId: string }>('POST', '/api/crud/formschema/post', {
    formId: form.body.formId,
    name: 'Every answer v1 (internal)',
    jsonSchema: gallery.jsonSchema,
    layout: gallery.layout,
    isPublic: true,
  });
  expect(schema.status).toBe(200);
  // Every answer but the date and time ones, which the visitor types.
  const data: JsonObject = widgetGalleryData();
  delete data.appointment;
  delete data.callTime;
  delete data.birthday;
  const instance = await api<{ formInstanceId: string }>('POST', '/api/crud/forminstance/post', { formSchemaId: schema.body.formSchemaId, data });
  expect(instance.status).toBe(200);
  formInstanceId = instance.body.formInstanceId;
});
afterAll(async () => {
  await stack?.stop();
});

describe('every answer comes back as typed', () => {
  it('saves typed date and time answers and shows every answer again in another browser', async () => {
    const link = await editLink();
    const first = await newPage(stack.browser);
    await first.page.goto(link);
    await first.page.getByRole('heading', { level: 1, name: 'Every answer' }).waitFor();
    await first.page.getByText('One of each kind of question.').waitFor();
    expect(await first.page.getByText(/internal|v1/).count()).toBe(0);
    expect(await first.page.title()).not.toMatch(/internal|v1/);
    await first.page.getByLabel(/^Appointment/).fill('2024-05-01T10:30');
    await first.page.getByLabel(/^Best time to call/).fill('09:45');
    await first.page.getByLabel(/^Date of birth/).fill('1815-12-10');
    await first.page.getByText('All changes saved').waitFor({ timeout: 15_000 });
    expect(first.errors).toEqual([]);
    await first.context.close();

    const stored = await api<{ value: { data: JsonObject }[] }>('GET', `/odata/FormInstanceOData?$filter=${encodeURIComponent(`formInstanceId eq ${formInstanceId}`)}`);
    expect(stored.body.value[0]?.data).toMatchObject({ callTime: '09:45', birthday: '1815-12-10', name: 'Ada Lovelace' });
    expect(stored.body.value[0]?.data.appointment).toMatch(/^2024-05-01T10:30:00(Z|[+-]\d\d:\d\d)$/);

    const second = await newPage(stack.browser);
    await second.page.goto(link);
    const page = second.page;
    await page.getByRole('heading', { level: 1, name: 'Every answer' }).waitFor();
    expect(await page.getByLabel(/^Appointment/).inputValue()).toBe('2024-05-01T10:30');
    expect(await page.getByLabel(/^Best time to call/).inputValue()).toBe('09:45');
    expect(await page.getByLabel(/^Date of birth/).inputValue()).toBe('1815-12-10');
    expect(await page.getByLabel(/^Full name/).inputValue()).toBe('Ada Lovelace');
    expect(await page.getByLabel(/^About you/).inputValue()).toBe('I write programs.');
    expect(await page.getByLabel(/^Email address/).inputValue()).toBe('ada@example.com');
    expect(await page.getByLabel(/^Website/).inputValue()).toBe('https://example.com');
    expect(await page.getByLabel(/^Phone number/).inputValue()).toBe('+44 20 7946 0000');
    expect(await page.getByLabel(/^Height/).inputValue()).toBe('1.7');
    expect(await page.getByLabel(/^Number of children/).inputValue()).toBe('2');
    expect(await page.getByRole('checkbox', { name: /^I accept the terms/ }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: /^Send me the newsletter/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Email' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Medium' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Red' }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Green' }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Blue' }).isChecked()).toBe(true);
    expect(await page.getByLabel(/^Country/).inputValue()).toBe('GB');
    // The multi-select shows its chosen options as pills.
    await page.getByText('English', { exact: true }).filter({ visible: true }).first().waitFor();
    await page.getByText('French', { exact: true }).filter({ visible: true }).first().waitFor();
    expect(await page.getByText('German', { exact: true }).filter({ visible: true }).count()).toBe(0);
    expect(second.errors).toEqual([]);
    await second.context.close();
  });

  it('checks the first save of each of two people who opened the same instance', async () => {
    const link = await editLink();
    const one = await newPage(stack.browser);
    const two = await newPage(stack.browser);
    await one.page.goto(link);
    await two.page.goto(link);
    await one.page.getByLabel(/^Full name/).waitFor();
    await two.page.getByLabel(/^Full name/).waitFor();

    await one.page.getByLabel(/^Full name/).fill('Ada, first');
    await one.page.getByText('All changes saved').waitFor({ timeout: 15_000 });
    await two.page.getByLabel(/^Full name/).fill('Ada, second');
    await two.page.getByText('This form was changed somewhere else').waitFor({ timeout: 15_000 });
    expect(await two.page.getByLabel(/^Full name/).inputValue()).toBe('Ada, second');

    const stored = await api<{ value: { data: JsonObject }[] }>('GET', `/odata/FormInstanceOData?$filter=${encodeURIComponent(`formInstanceId eq ${formInstanceId}`)}`);
    expect(stored.body.value[0]?.data.name).toBe('Ada, first');
    expect(one.errors).toEqual([]);
    expect(two.errors).toEqual([]);
    await one.context.close();
    await two.context.close();
  });
});
