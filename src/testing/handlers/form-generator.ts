/**
 * `/api/FormGenerator/UploadPdf` of the one route table (src/service/routes-pdf.ts) over the fake: it reads the
 * multipart body with the domain's upload rules but not the PDF itself (see `generateFormFromPdf`): its made-up fields
 * hold no values and no actions, so its cleanup report is empty; it keeps the bytes as the form's template.
 */
import { MULTIPART_UNREADABLE_MESSAGE, pdfFromMultipart } from '../../domain/pdf';
import { UPLOAD_PDF_ROUTE, type PdfImportBackend } from '../../service/routes-pdf';
import { generateFormFromPdf } from '../forms-model';
import { FakeHttpError } from '../http';
import { tableRoute, type FakeRoute, type RouteContext } from './route';

/** PDF import over the fake's db. */
function memoryPdfImport({ request, backend }: RouteContext): PdfImportBackend {
  let contentType = 'application/pdf';
  return {
    async readUpload() {
      let formData: FormData;
      try {
        formData = await request.formData();
      } catch {
        throw new FakeHttpError(400, MULTIPART_UNREADABLE_MESSAGE);
      }
      // The domain's upload rules, as the server's PDF worker runs them.
      const file = await pdfFromMultipart(formData);
      if (!file.ok) throw new FakeHttpError(file.status, file.message, file.code ? { code: file.code } : undefined);
      contentType = file.type;
      const generated = { ...generateFormFromPdf(file.fileName, backend), cleanup: { clearedValues: [], removedActions: [] } };
      const { fileName, bytes } = file;
      return { formId: generated.form.formId, fileName, bytes, pageCount: null, sha256: null, generatedJson: JSON.stringify(generated) };
    },
    async saveTemplate({ formId, fileName, bytes }) {
      backend.db.pdfs.push({ id: backend.newId(), kind: 'template', fileName, contentType, bytes, formId, envelopeId: null, createdDateTime: backend.now() });
    },
    // The fake keeps the templates of unsaved drafts for its life.
    removeAbandoned: async () => undefined,
  };
}

/** The form generator routes. */
export const formGeneratorRoutes: readonly FakeRoute[] = [tableRoute(UPLOAD_PDF_ROUTE, memoryPdfImport)];
