// @vitest-environment node
// The API layer has no DOM dependency; Node also gives fetch, Blob and FormData from one implementation.
import { HttpResponse } from 'msw';
import type { ApiClient, CrudEntityName } from '../../src/api';
import { ArgumentError } from '../../src/api';
import { capture, queryPairs, testClient, setupApiServer } from './server';

setupApiServer();

const client = testClient({ getAccessToken: () => 'tok' });
const instance = { formInstanceId: 'fi-1', createdDateTime: '2024-05-06T07:08:09.000Z' };
const revivedInstance = { formInstanceId: 'fi-1', createdDateTime: new Date('2024-05-06T07:08:09.000Z') };

async function expectArgumentError(promise: Promise<unknown>, name: string) {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ArgumentError);
  expect((error as Error).message).toBe(`The parameter '${name}' must be defined and cannot be null.`);
}

describe('client.dynamicFormLinking', () => {
  it('getAllPrimitivePaths: GET /api/DynamicFormLinking/GetAllPrimitivePaths', async () => {
    const calls = capture('get', '/api/DynamicFormLinking/GetAllPrimitivePaths', () =>
      HttpResponse.json(['/applicant/name']),
    );
    await expect(client.dynamicFormLinking.getAllPrimitivePaths()).resolves.toEqual(['/applicant/name']);
    expect(calls[0]?.url.search).toBe('');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  it('create: POST /api/DynamicFormLinking/Create?schemaId with the JSON body', async () => {
    const calls = capture('post', '/api/DynamicFormLinking/Create', () => HttpResponse.json(instance));
    const body = { applicant: { name: "O'Brien" } };
    await expect(client.dynamicFormLinking.create('s-1', body)).resolves.toEqual(revivedInstance);
    expect(queryPairs(calls[0]!.url)).toEqual([['schemaId', 's-1']]);
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(calls[0]!.body)).toEqual(body);
  });

  it('duplicate: GET /api/DynamicFormLinking/Duplicate?formInstanceId', async () => {
    const calls = capture('get', '/api/DynamicFormLinking/Duplicate', () => HttpResponse.json(instance));
    await expect(client.dynamicFormLinking.duplicate('fi-1')).resolves.toEqual(revivedInstance);
    expect(queryPairs(calls[0]!.url)).toEqual([['formInstanceId', 'fi-1']]);
  });

  it('getExampleApplication: GET /api/DynamicFormLinking/GetExampleApplication', async () => {
    capture('get', '/api/DynamicFormLinking/GetExampleApplication', () => HttpResponse.json({ applicant: {} }));
    await expect(client.dynamicFormLinking.getExampleApplication()).resolves.toEqual({ applicant: {} });
  });

  it('checks schemaId and formInstanceId', async () => {
    await expectArgumentError(client.dynamicFormLinking.create(null as unknown as string, {}), 'schemaId');
    await expectArgumentError(client.dynamicFormLinking.duplicate(undefined as unknown as string), 'formInstanceId');
  });
});

describe('client.crud', () => {
  const entities: CrudEntityName[] = ['form', 'formgroup', 'forminstance', 'formschema'];

  describe.each(entities)('%s', (entity) => {
    const api = () => client.crud[entity] as ApiClient['crud']['form'];

    it(`post: POST /api/crud/${entity}/post with a JSON body`, async () => {
      const calls = capture('post', `/api/crud/${entity}/post`, () =>
        HttpResponse.json({ name: 'n', createdDateTime: '2024-01-02T03:04:05.000Z' }),
      );
      const saved = await api().post({ name: 'n' });
      expect(saved).toEqual({ name: 'n', createdDateTime: new Date('2024-01-02T03:04:05.000Z') });
      expect(JSON.parse(calls[0]!.body)).toEqual({ name: 'n' });
      expect(calls[0]?.url.search).toBe('');
    });

    it(`patch: PATCH /api/crud/${entity}/patch with a JSON body (dates as ISO)`, async () => {
      const calls = capture('patch', `/api/crud/${entity}/patch`, () => HttpResponse.json({ name: 'm' }));
      await expect(
        api().patch({ name: 'm', lastUpdatedDateTime: new Date('2024-01-02T03:04:05.000Z') }),
      ).resolves.toEqual({ name: 'm' });
      expect(JSON.parse(calls[0]!.body)).toEqual({ name: 'm', lastUpdatedDateTime: '2024-01-02T03:04:05.000Z' });
      expect(calls[0]!.headers.get('if-match')).toBeNull();
    });

    it('patch: sends the version of a row read through OData as If-Match (never as a property); ifMatch overrides', async () => {
      const calls = capture('patch', `/api/crud/${entity}/patch`, () => HttpResponse.json({ name: 'm' }));
      await api().patch({ '@odata.etag': '"4"', name: 'm' });
      expect(calls[0]!.headers.get('if-match')).toBe('"4"');
      expect(JSON.parse(calls[0]!.body)).toEqual({ name: 'm' });
      await api().patch({ '@odata.etag': '"4"', name: 'm' }, { ifMatch: '"5"' });
      expect(calls[1]!.headers.get('if-match')).toBe('"5"');
      await api().patch({ '@odata.etag': '"4"', name: 'm' }, { ifMatch: null });
      expect(calls[2]!.headers.get('if-match')).toBeNull();
      expect(JSON.parse(calls[2]!.body)).toEqual({ name: 'm' });
    });

    it(`delete: DELETE /api/crud/${entity}/delete?Id`, async () => {
      const calls = capture('delete', `/api/crud/${entity}/delete`, () => new HttpResponse(null, { status: 204 }));
      await expect(api().delete('id-1')).resolves.toBeNull();
      expect(queryPairs(calls[0]!.url)).toEqual([['Id', 'id-1']]);
      expect(calls[0]?.body).toBe('');
    });

    it(`softDelete: PATCH /api/crud/${entity}/softdelete?Id`, async () => {
      const calls = capture('patch', `/api/crud/${entity}/softdelete`, () => HttpResponse.json(true));
      await expect(api().softDelete('id-2')).resolves.toBe(true);
      expect(queryPairs(calls[0]!.url)).toEqual([['Id', 'id-2']]);
    });

    it('checks id', async () => {
      await expectArgumentError(api().delete(null as unknown as string), 'id');
      await expectArgumentError(api().softDelete(undefined as unknown as string), 'id');
    });
  });
});

describe('client.formGenerator', () => {
  it('uploadPdf: POST /api/FormGenerator/UploadPdf, multipart with the field Pdf', async () => {
    const calls = capture('post', '/api/FormGenerator/UploadPdf', async (c) => {
      const form = await c.request.formData();
      const pdf = form.get('Pdf') as Blob;
      return HttpResponse.json({ keys: [...form.keys()], text: await pdf.text(), form: { formId: 'f-1' } });
    });
    const pdf = new Blob(['%PDF-1.7 test'], { type: 'application/pdf' });
    const result = (await client.formGenerator.uploadPdf(pdf)) as unknown as Record<string, unknown>;
    expect(result).toEqual({ keys: ['Pdf'], text: '%PDF-1.7 test', form: { formId: 'f-1' } });
    expect(calls[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tok');
  });

  it('uploadPdf sends the file name of a FileParameter', async () => {
    capture('post', '/api/FormGenerator/UploadPdf', async (c) => HttpResponse.text(await c.request.text()));
    const text = await client.formGenerator.uploadPdf({ data: new Blob(['x']), fileName: 'contract.pdf' });
    expect(text).toContain('name="Pdf"; filename="contract.pdf"');
  });

  it("rejects a null pdf with the 'pdf' message", async () => {
    await expectArgumentError(client.formGenerator.uploadPdf(null as unknown as Blob), 'pdf');
  });
});

describe('client.forms', () => {
  it.each([
    ['getEditUrl', 'GetEditUrl'],
    ['getViewUrl', 'GetViewUrl'],
  ] as const)('%s: GET /api/Forms/%s?formInstanceId', async (fn, path) => {
    const calls = capture('get', `/api/Forms/${path}`, () => HttpResponse.json(`https://host/form-instance/s?t=1`));
    await expect(client.forms[fn]('fi-1')).resolves.toBe('https://host/form-instance/s?t=1');
    expect(calls[0]?.method).toBe('GET');
    expect(queryPairs(calls[0]!.url)).toEqual([['formInstanceId', 'fi-1']]);
  });

  it.each([
    ['markCompleted', 'MarkCompleted'],
    ['notifyDeleted', 'NotifyDeleted'],
  ] as const)('%s: GET /api/Forms/%s?formInstanceId, no body read', async (fn, path) => {
    const calls = capture('get', `/api/Forms/${path}`, () => HttpResponse.text('not json at all'));
    await expect(client.forms[fn]('fi-2')).resolves.toBeNull();
    expect(queryPairs(calls[0]!.url)).toEqual([['formInstanceId', 'fi-2']]);
  });

  it.each(['getEditUrl', 'getViewUrl', 'markCompleted', 'notifyDeleted'] as const)(
    '%s checks formInstanceId',
    async (fn) => {
      await expectArgumentError(client.forms[fn](null as unknown as string), 'formInstanceId');
    },
  );
});

describe('client.healthCheck', () => {
  it('get: GET /api/HealthCheck/Get', async () => {
    const calls = capture('get', '/api/HealthCheck/Get', () => HttpResponse.json({ status: 'Healthy' }));
    await expect(client.healthCheck.get()).resolves.toEqual({ status: 'Healthy' });
    expect(calls).toHaveLength(1);
  });
});

describe('client.signing', () => {
  it('requestSignature: POST /api/Signing/RequestSignature with the JSON body, no body read', async () => {
    const calls = capture('post', '/api/Signing/RequestSignature', () => HttpResponse.text('<html>'));
    const body = { formInstanceId: 'fi-1', signers: [{ name: 'Ann', email: 'ann@example.com' }] };
    await expect(client.signing.requestSignature(body)).resolves.toBeNull();
    expect(JSON.parse(calls[0]!.body)).toEqual(body);
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
  });

  it.each([200, 206])('downloadDocument: GET /api/Signing/DownloadDocument?envelopeId, status %i', async (status) => {
    const calls = capture(
      'get',
      '/api/Signing/DownloadDocument',
      () =>
        new HttpResponse(new Blob(['%PDF-signed']), {
          status,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': `attachment; filename="fallback.pdf"; filename*=UTF-8''na%C3%AFve%20file.pdf`,
          },
        }),
    );
    const result = await client.signing.downloadDocument('env-1');
    expect(queryPairs(calls[0]!.url)).toEqual([['envelopeId', 'env-1']]);
    expect(result.fileName).toBe('naïve file.pdf');
    expect(result.status).toBe(status);
    expect(result.headers.get('content-type')).toBe('application/pdf');
    expect(await result.data.text()).toBe('%PDF-signed');
  });

  it('downloadDocument has a null file name without Content-Disposition', async () => {
    capture('get', '/api/Signing/DownloadDocument', () => new HttpResponse(new Blob(['x']), { status: 200 }));
    await expect(client.signing.downloadDocument('env-1')).resolves.toMatchObject({ fileName: null, status: 200 });
  });

  it('downloadDocument raises ApiError for other statuses', async () => {
    capture('get', '/api/Signing/DownloadDocument', () => HttpResponse.text('gone', { status: 404 }));
    await expect(client.signing.downloadDocument('env-1')).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      response: 'gone',
    });
  });

  it('checks envelopeId', async () => {
    await expectArgumentError(client.signing.downloadDocument(null as unknown as string), 'envelopeId');
  });
});
