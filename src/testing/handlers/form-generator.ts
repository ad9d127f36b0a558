/**
 * `/api/FormGenerator/UploadPdf`: multipart upload (field `Pdf`) → a generated form. The fake
 * does not read the PDF (see `generateFormFromPdf`); it stores the bytes as the form's template.
 */
import { Permission } from '../../api/enums';
import { generateFormFromPdf } from '../forms-model';
import { FakeHttpError, json } from '../http';
import { user, type FakeRoute } from './route';

/** Largest upload the fake accepts (10 MiB); bigger answers 413. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;

/** A multipart file part, whichever realm's `File` class made it. */
interface FilePart {
  name?: string;
  type?: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

function isFilePart(value: unknown): value is FilePart {
  return typeof value === 'object' && value !== null && 'arrayBuffer' in value && 'size' in value;
}

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
        throw new FakeHttpError(400, 'The multipart body could not be read.');
      }
      let part: unknown = null;
      for (const [key, value] of formData.entries()) if (key.toLowerCase() === 'pdf') part = value;
      if (!isFilePart(part)) throw new FakeHttpError(400, "The multipart field 'Pdf' with a file is required.");
      if (part.size === 0) throw new FakeHttpError(400, 'The uploaded PDF is empty.');
      if (part.size > MAX_PDF_BYTES) throw new FakeHttpError(413, 'The uploaded PDF is larger than 10 MiB.');
      const fileName = part.name && part.name !== '' ? part.name : 'document.pdf';
      const generated = generateFormFromPdf(fileName, ctx.backend);
      ctx.backend.db.pdfs.push({
        id: ctx.backend.newId(),
        kind: 'template',
        fileName,
        contentType: part.type && part.type !== '' ? part.type : 'application/pdf',
        bytes: new Uint8Array(await part.arrayBuffer()),
        formId: generated.form.formId,
        envelopeId: null,
        createdDateTime: ctx.backend.now(),
      });
      return json(generated);
    },
  },
];
