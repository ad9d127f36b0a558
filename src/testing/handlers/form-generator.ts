/**
 * `/api/FormGenerator/UploadPdf`: multipart upload (field `Pdf`) → a generated form. The fake
 * does not read the PDF (see `generateFormFromPdf`): its made-up fields hold no values and no actions, so its
 * cleanup report is empty; it stores the bytes as the form's template.
 * `/api/Forms/DownloadPdf`: the fake fills no PDF and never answers the uploaded file (which may hold values and
 * scripts): it writes a one-page PDF of its own listing the form's name and the answers given, by the domain's
 * `pdfValuesFromData`, with the server's download headers. An unanswered field appears nowhere in it.
 */
import { HttpResponse } from 'msw';
import { Permission } from '../../api/enums';
import { allLive } from '../../domain/forms';
import { filledPdfFileName, MULTIPART_UNREADABLE_MESSAGE, pdfFromMultipart, pdfValuesFromData } from '../../domain/pdf';
import { attachmentDisposition } from '../../domain/signing/disposition';
import { generateFormFromPdf } from '../forms-model';
import { FakeHttpError, json, requiredQuery } from '../http';
import { minimalPdf } from '../pdf';
import { user, type FakeRoute } from './route';

/** The form generator routes. */
export const formGeneratorRoutes: readonly FakeRoute[] = [
  {
    method: 'post',
    path: '/api/FormGenerator/UploadPdf',
    access: user(Permission.FormGenerator_UploadPdf),
    async handle(ctx) {
      const contentType = ctx.request.headers.get('content-type') ?? '';
      if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
        throw new FakeHttpError(415, 'The upload must be multipart/form-data.');
      }
      let formData: FormData;
      try {
        formData = await ctx.request.formData();
      } catch {
        throw new FakeHttpError(400, MULTIPART_UNREADABLE_MESSAGE);
      }
      // The domain's upload rules, as the server's PDF worker runs them.
      const file = await pdfFromMultipart(formData);
      if (!file.ok) throw new FakeHttpError(file.status, file.message, file.code ? { code: file.code } : undefined);
      const { fileName, bytes } = file;
      const generated = { ...generateFormFromPdf(fileName, ctx.backend), cleanup: { clearedValues: [], removedActions: [] } };
      ctx.backend.db.pdfs.push({
        id: ctx.backend.newId(),
        kind: 'template',
        fileName,
        contentType: file.type,
        bytes,
        formId: generated.form.formId,
        envelopeId: null,
        createdDateTime: ctx.backend.now(),
      });
      return json(generated);
    },
  },
  {
    method: 'get',
    path: '/api/Forms/DownloadPdf',
    access: user(Permission.FormInstance_Select),
    handle(ctx) {
      const id = requiredQuery(ctx.url, 'formInstanceId');
      const { db } = ctx.backend;
      const instance = db.formInstances.find((i) => i.formInstanceId.toLowerCase() === id.toLowerCase());
      const schema = instance && db.formSchemas.find((s) => s.formSchemaId === instance.formSchemaId);
      const form = instance && db.forms.find((f) => f.formId === instance.formId);
      if (!instance || !schema || !form || !allLive(instance, schema, form)) throw new FakeHttpError(404, `No form instance '${id}'.`);
      const template = db.pdfs.find((p) => p.formId === form.formId && p.kind === 'template');
      if (!template) throw new FakeHttpError(404, `The form '${form.name}' has no PDF template: it was not generated from a PDF.`);
      const answers = Object.entries(pdfValuesFromData(schema.layout, instance.data)).map(
        ([name, value]) => `${name}: ${typeof value === 'boolean' ? (value ? 'yes' : 'no') : typeof value === 'string' ? value : value.join(', ')}`,
      );
      const bytes = minimalPdf([form.name, ...answers]);
      return new HttpResponse(bytes, {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-length': String(bytes.byteLength),
          'content-disposition': attachmentDisposition(filledPdfFileName(form.name)),
          'access-control-expose-headers': 'Content-Disposition, X-Pdf-Skipped-Fields',
        },
      });
    },
  },
];
