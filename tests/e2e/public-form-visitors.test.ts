import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, signInAtProvider, startStack } from './stack';
import type { Stack } from './stack';

// The public form as visitors meet it, on the real server in Chromium: a shared device (one browser profile, one
// person after another) and an instance link opened without its token.

let stack: Stack;
let adminToken: string;
let schemaId: string;

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
    email: { type: 'string', format: 'email', maxLength: 200 },
  },
  required: ['name', 'email'],
};
const layout = {
  pages: [
    {
      id: 'p1',
      title: 'About you',
      sections: [
        {
          id: 's1',
          title: 'Your details',
          fields: [
            { id: 'f-name', path: '/name', widget: 'text', label: 'Full name' },
            { id: 'f-email', path: '/email', widget: 'email', label: 'Email address' },
          ],
        },
      ],
    },
  ],
};

beforeAll(async () => {
  stack = await startStack();
  adminToken = await stack.server.mintAccessToken({ sub: 'admin' });
  const form = await api<{ formId: string }>('POST', '/api/crud/form/post', { name: `Visitor form ${Date.now()}` });
  expect(form.status).toBe(200);
  const schema = await api<{ formSchemaId: string }>('POST', '/api/crud/formschema/post', {
    formId: form.body.formId,
    name: 'Visitor form v1',
    jsonSchema,
    layout,
    isPublic: true,
  });
  expect(schema.status).toBe(200);
  schemaId = schema.body.formSchemaId;
});
afterAll(async () => {
  await stack?.stop();
});

describe('a public form on a shared device', () => {
  it('asks the next person (naming what would be restored, not showing it); Start again is empty; after a submit nothing is offered', async () => {
    // One browser profile: the device everybody uses.
    const { context, page, errors } = await newPage(stack.browser);
    const url = `${stack.url}/form-instance/${schemaId}?mode=edit`;
    await page.goto(url);
    await page.getByLabel('Full name').fill('Vera Visitor');
    await page.getByLabel('Email address').fill('vera@example.com');
    await page.getByText('All changes saved').waitFor({ timeout: 15_000 });
    await page.close();

    // The next person opens the same URL.
    const next = await context.newPage();
    next.on('pageerror', (error) => errors.push(error.message));
    await next.goto(url);
    await next.getByRole('heading', { name: 'Continue where you left off?' }).waitFor({ timeout: 15_000 });
    await next.getByText('Answered so far: Full name, Email address.').waitFor();
    const shown = await next.locator('body').innerText();
    expect(shown).not.toContain('Vera Visitor');
    expect(shown).not.toContain('vera@example.com');
    expect(await next.getByLabel('Full name').count()).toBe(0);

    await next.getByRole('button', { name: 'Start again' }).click();
    await next.getByLabel('Full name').waitFor();
    expect(await next.getByLabel('Full name').inputValue()).toBe('');
    expect(await next.getByLabel('Email address').inputValue()).toBe('');
    await next.getByLabel('Full name').fill('Nico Next');
    await next.getByLabel('Email address').fill('nico@example.com');
    await next.getByRole('button', { name: 'Submit' }).click();
    await next.getByText('Thank you — your form was submitted').waitFor({ timeout: 15_000 });
    await next.close();

    // After a submit the device holds nothing of it: the next visit starts empty, and nothing is asked.
    const third = await context.newPage();
    await third.goto(url);
    await third.getByLabel('Full name').waitFor({ timeout: 15_000 });
    expect(await third.getByText('Continue where you left off?').count()).toBe(0);
    expect(await third.getByLabel('Full name').inputValue()).toBe('');
    const stored = await third.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('ccq-forms-admin:form-')));
    expect(stored).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();

    // What the server holds: Vera's draft (untouched, her own) and Nico's submission, separately.
    const instances = await api<{ value: { status: number; data: { name?: string } }[] }>(
      'GET',
      `/odata/FormInstanceOData?$filter=${encodeURIComponent(`formSchemaId eq ${schemaId}`)}&$orderby=createdDateTime`,
    );
    expect(instances.body.value.map((i) => [i.data.name, i.status])).toEqual([
      ['Vera Visitor', 1],
      ['Nico Next', 2],
    ]);
  });
});

describe('an instance link without its token', () => {
  it('decides at once (no hidden sign-in) and offers a sign-in that works', async () => {
    const instance = await api<{ formInstanceId: string }>('POST', '/api/crud/forminstance/post', { formSchemaId: schemaId, data: { name: 'Private' } });
    expect(instance.status).toBe(200);
    // For comparison: how long the plain public form takes to show its first field in a fresh browser, on this machine
    // at this moment (measured before and after, the larger counts: the machine may be busy with other work).
    const formShown = async (): Promise<number> => {
      const baseline = await newPage(stack.browser);
      await baseline.page.goto(`${stack.url}/form-instance/${schemaId}?mode=edit`);
      await baseline.page.getByLabel('Full name').waitFor({ timeout: 15_000 });
      const ms = await baseline.page.evaluate(() => Math.round(performance.now()));
      await baseline.context.close();
      return ms;
    };
    const formShownBeforeMs = await formShown();

    const { context, page, errors } = await newPage(stack.browser);
    // A hidden sign-in is an iframe sent to the provider's authorization endpoint (prompt=none), or a token refresh.
    const framesAttached: string[] = [];
    const providerCalls: string[] = [];
    page.on('frameattached', (frame) => framesAttached.push(frame.url() || '(blank frame)'));
    page.on('request', (request) => {
      const url = request.url();
      if (url.startsWith(`${stack.server.issuerUrl}/auth`) || url.startsWith(`${stack.server.issuerUrl}/token`)) providerCalls.push(url);
    });
    const url = `${stack.url}/form-instance/${schemaId}?mode=edit&formInstanceId=${instance.body.formInstanceId}`;
    await page.goto(url);
    await page.getByText('You cannot open this form').waitFor({ timeout: 15_000 });
    // Since the navigation started (the page's own clock): it was 10–17 s while a hidden iframe sign-in timed out.
    const decidedMs = await page.evaluate(() => Math.round(performance.now()));
    expect(framesAttached).toEqual([]);
    expect(providerCalls).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);
    const formShownMs = Math.max(formShownBeforeMs, await formShown());
    console.log(`instance link without token: decided ${decidedMs} ms after navigation; the public form shows its first field after ${formShownMs} ms`);
    // At once: about as soon as the plain form shows its first field (the same page load, one refused call more),
    // judged against that time on this machine now rather than a fixed figure, so that a busy machine does not fail it
    // (2 s at least: on a quiet machine the form shows in well under 1 s; a hidden sign-in waits 10 s for its timeout).
    expect(decidedMs).toBeLessThan(Math.max(2_000, 3 * formShownMs));

    await page.getByRole('button', { name: 'Sign in' }).click();
    await signInAtProvider(page, 'admin', 'admin-password');
    // Back on the same form, signed in: the instance opens for editing.
    await page.getByLabel('Full name').waitFor({ timeout: 30_000 });
    expect(await page.getByLabel('Full name').inputValue()).toBe('Private');
    expect(new URL(page.url()).pathname).toBe(`/form-instance/${schemaId}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('a signed-in reader (no FormInstance_Add)', () => {
  it('fills in and submits the public form; a save the server refuses says what to do, not "connection"', async () => {
    const instance = await api<{ formInstanceId: string }>('POST', '/api/crud/forminstance/post', { formSchemaId: schemaId, data: { name: 'Someone' } });
    const { context, page, errors } = await newPage(stack.browser);
    // Signed in through the viewer's own offer.
    await page.goto(`${stack.url}/form-instance/${schemaId}?mode=edit&formInstanceId=${instance.body.formInstanceId}`);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await signInAtProvider(page, 'reader', 'reader-password');
    // A reader may read this instance but not change it: the refusal is said in plain words, with no retry.
    await page.getByLabel('Full name').fill('Changed by a reader');
    await page.getByText('You may not change this form, so your answers cannot be saved.').waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: 'Retry now' }).count()).toBe(0);
    expect(await page.getByText(/connection is back/).count()).toBe(0);

    // The public form itself is theirs to fill in, as anyone's.
    await page.goto(`${stack.url}/form-instance/${schemaId}?mode=edit`);
    await page.getByLabel('Full name').fill('Rea Reader');
    await page.getByLabel('Email address').fill('rea@example.com');
    await page.getByText('All changes saved').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you — your form was submitted').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
    const submitted = await api<{ value: { data: { name?: string } }[] }>(
      'GET',
      `/odata/FormInstanceOData?$filter=${encodeURIComponent(`formSchemaId eq ${schemaId} and status eq 2`)}`,
    );
    expect(submitted.body.value.map((i) => i.data.name)).toContain('Rea Reader');
  });
});
