import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { getAt } from '../../src/contract/json-pointer';
import { defaultLabels as L, fillLabel } from '../../src/query/labels';
import { newPage, signInAtProvider, startStack, storedAccessToken } from './stack';
import type { Stack } from './stack';
import { stepsOfOneJourney } from './support/journey';

// The PDF forms journey on the real server, in Chromium: the administrator uploads sample_form.pdf, sees its fields
// outlined on the page pdf.js draws, opens the generated form in the builder, links three of its fields to the
// application's data, creates an instance from the example application and sees the values in it, and downloads the
// instance as the PDF with those fields filled in and every other field empty (read back here with pdf.js): the
// values the file arrived with were cleared at import, as the import screen says.

const SAMPLE = new URL('../fixtures/pdfs/sample_form.pdf', import.meta.url).pathname;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack?.stop();
});

/** A call of the API with the signed-in administrator's token. */
async function api(page: Page, path: string, init: RequestInit = {}): Promise<Response> {
  const token = await storedAccessToken(page);
  expect(token).toBeTruthy();
  return fetch(`${stack.url}${path}`, { ...init, headers: { ...(init.headers ?? {}), Authorization: `Bearer ${token}` } });
}

/** The AcroForm values of a PDF, by field name, as pdf.js reads them. */
async function pdfFieldValues(bytes: Uint8Array): Promise<Record<string, unknown>> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false }).promise;
  const objects = (await doc.getFieldObjects()) ?? {};
  const values: Record<string, unknown> = {};
  for (const [name, widgets] of Object.entries(objects)) values[name] = (widgets as { value?: unknown }[])[0]?.value;
  await doc.destroy();
  return values;
}

describe('PDF forms, end to end', () => {
  // One journey in steps, each going on from where the one before stopped (and failing when that one did).
  type Field = { path: string; pdfFieldName?: string; linkedPath?: string };
  let admin: Awaited<ReturnType<typeof newPage>>;
  let page: Page;
  let formId = '';
  let formSchemaId = '';
  let linked: Field[] = [];
  let instance: { formInstanceId: string; data: Record<string, unknown> };
  let expected: (Field & { value: unknown })[] = [];
  /** Runs one step of the journey `name`: not after a step that failed. */
  const journey = stepsOfOneJourney();
  beforeAll(async () => {
    admin = await newPage(stack.browser);
    page = admin.page;
  });
  afterAll(async () => {
    await admin?.context.close();
  });

  it('uploads a PDF from the Forms list: its fields listed and outlined on the page, what the import removed said', () =>
    journey('import', async () => {
      await page.goto(`${stack.url}/admin/forms/`);
      await signInAtProvider(page, 'admin', 'admin-password');
      await page.getByRole('heading', { level: 1, name: L.formListTitle }).waitFor({ timeout: 30_000 });

      // From the Forms list to the import; the PDF chosen as a user would.
      await page.getByRole('button', { name: L.piTitle }).click();
      await page.getByRole('heading', { level: 1, name: L.piTitle }).waitFor({ timeout: 15_000 });
      await page.locator('input[type="file"]').setInputFiles(SAMPLE);

      // Its fields listed, and each outlined on the page pdf.js drew (a canvas with something on it).
      const fieldsHeading = page.getByRole('heading', { name: /^Fields found \(\d+\)$/ });
      await fieldsHeading.waitFor({ timeout: 30_000 });
      const count = Number((await fieldsHeading.innerText()).match(/\((\d+)\)/)?.[1]);
      expect(count).toBeGreaterThanOrEqual(20);
      // The file arrived with values (Name_Last "Bar", SSN…) and field scripts: the screen says both were removed.
      await page.getByText(L.piCleanupTitle).waitFor({ timeout: 15_000 });
      await page.getByText(fillLabel(L.piClearedValues, { count: 23 })).waitFor({ timeout: 15_000 });
      await page.getByText(/^The file held \d+ actions that could run a script/).waitFor({ timeout: 15_000 });
      const pdfPage = page.getByRole('group', { name: fillLabel(L.piPageLabel, { page: 1, count: 1 }) });
      await pdfPage.waitFor({ timeout: 30_000 });
      expect(await pdfPage.getByRole('button').count()).toBe(count);
      await expect
        .poll(
          () =>
            pdfPage.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
              const context = canvas.getContext('2d');
              if (!context || canvas.width === 0) return 0;
              const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
              let ink = 0;
              for (let i = 0; i < data.length; i += 4 * 97) if ((data[i] ?? 255) < 200) ink++;
              return ink;
            }),
          { timeout: 30_000 },
        )
        .toBeGreaterThan(100);
      // An outline chosen on the page is the field chosen in the list.
      const cityOutline = pdfPage.getByRole('button', { name: /^City \(/ });
      await cityOutline.click();
      expect(await cityOutline.getAttribute('aria-pressed')).toBe('true');
      const cityItem = page.getByRole('region', { name: /^Fields found/ }).getByRole('button', { name: /City/ }).first();
      expect(await cityItem.getAttribute('aria-pressed')).toBe('true');
    }));

  it("'Open in builder' creates the form and opens it there", () =>
    journey('open in builder', async () => {
      // 'Open in builder' creates the form and opens it there.
      await page.getByRole('button', { name: L.piOpenInBuilder }).click();
      await page.waitForURL(/\/admin\/form-builder\/\?formId=/, { timeout: 30_000 });
      formId = new URL(page.url()).searchParams.get('formId') ?? '';
      expect(formId).toMatch(/^[0-9a-f-]{36}$/);
      // The builder loads the generated form (named after the file).
      await page.getByRole('heading', { level: 1, name: fillLabel(L.fbTitleEdit, { name: 'Sample Form' }) }).waitFor({ timeout: 30_000 });
    }));

  it("links three fields in the form manager's 'Link fields to data' and saves them", () =>
    journey('link fields', async () => {
      // The form manager's 'Link fields to data': three suggestions linked and saved.
      await page.goto(`${stack.url}/admin/form-manager/${formId}`);
      await page.getByRole('button', { name: L.piOpenLinking }).click();
      await page.getByRole('heading', { level: 1, name: L.dlTitle }).waitFor({ timeout: 30_000 });
      formSchemaId = new URL(page.url()).pathname.split('/').pop() ?? '';
      const linkButtons = page.getByRole('button', { name: /^Link \// });
      await linkButtons.first().waitFor({ timeout: 30_000 });
      for (let linked = 1; linked <= 3; linked++) {
        await linkButtons.first().click();
        await page.getByText(new RegExp(`^${linked} of \\d+ fields linked$`)).waitFor({ timeout: 15_000 });
      }
      await page.getByRole('button', { name: L.dlSave }).click();
      await page.getByText(L.dlSaved).first().waitFor({ timeout: 15_000 });

      const schemaResponse = await api(page, `/odata/FormSchemaOData?$filter=${encodeURIComponent(`formSchemaId eq ${formSchemaId}`)}`);
      const schema = ((await schemaResponse.json()) as { value: { layout: { pages: { sections: { fields: { path: string; pdfFieldName?: string; linkedPath?: string }[] }[] }[] } }[] }).value[0];
      linked = (schema?.layout.pages ?? []).flatMap((p) => p.sections.flatMap((s) => s.fields)).filter((f) => f.linkedPath);
      expect(linked).toHaveLength(3);
    }));

  it('an instance created from the example application holds the linked values; its view link shows them', () =>
    journey('pre-filled instance', async () => {
      // An instance created from the example application holds the linked values; its view link shows them.
      const example = (await (await api(page, '/api/DynamicFormLinking/GetExampleApplication')).json()) as Record<string, unknown>;
      const created = await api(page, `/api/DynamicFormLinking/Create?schemaId=${formSchemaId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(example),
      });
      expect(created.status).toBe(200);
      instance = (await created.json()) as { formInstanceId: string; data: Record<string, unknown> };
      expected = linked.map((f) => ({ ...f, value: getAt(example, f.linkedPath as string) }));
      for (const f of expected) expect(getAt(instance.data, f.path)).toEqual(f.value);
      const viewUrlText = await (await api(page, `/api/Forms/GetViewUrl?formInstanceId=${instance.formInstanceId}`)).text();
      const viewUrl = viewUrlText.startsWith('"') ? (JSON.parse(viewUrlText) as string) : viewUrlText;
      const viewer = await newPage(stack.browser);
      await viewer.page.goto(viewUrl);
      for (const f of expected) await viewer.page.getByText(String(f.value), { exact: true }).first().waitFor({ timeout: 30_000 });
      expect(viewer.errors).toEqual([]);
      await viewer.context.close();
    }));

  it('the instance downloads as its PDF with the linked fields filled in and every other field empty', () =>
    journey('download', async () => {
      // The instance downloaded as its PDF, the linked fields filled in.
      const download = await api(page, `/api/Forms/DownloadPdf?formInstanceId=${instance.formInstanceId}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toMatch(/application\/pdf/);
      const values = await pdfFieldValues(new Uint8Array(await download.arrayBuffer()));
      for (const f of expected) expect(values[f.pdfFieldName as string]).toBe(String(f.value));
      // Every other field is empty: none of the values the file arrived with is in the document.
      const others = Object.entries(values).filter(([name]) => !expected.some((f) => f.pdfFieldName === name));
      expect(others.filter(([, v]) => v !== undefined && v !== null && v !== '' && v !== 'Off')).toEqual([]);
      expect(admin.errors).toEqual([]);
    }));
});
