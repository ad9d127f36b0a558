/**
 * `/api/FormGenerator/UploadPdf`: multipart upload (field `Pdf`) → a generated form. The fake
 * does not read the PDF (see `generateFormFromPdf`): its made-up fields hold no values and no actions, so its
 * cleanup report is empty; it stores the bytes as the form's template.
 */
import { Permission } from '../../api/enums';
import { MULTIPART_UNREADABLE_MESSAGE, pdfFromMultipart } from '../../domain/pdf';
import { generateFormFromPdf } from '../forms-model';
import { FakeHttpError, json } from '../http';
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
];
