/** `/api/FormGenerator/UploadPdf`: a form generated from an uploaded PDF (docs/spec.md, Calls). */
import { assertDefined } from '../args';
import type { CallOptions, Transport } from '../transport';
import type { GeneratedForm } from '../types';

/** A file with an explicit name, for runtimes whose `Blob` has none. */
export interface FileParameter {
  data: Blob;
  fileName: string;
}

/** The FormGenerator API. */
export interface FormGeneratorApi {
  /** `POST /api/FormGenerator/UploadPdf`, multipart with the field `Pdf`; `pdf` must not be null. */
  uploadPdf(pdf: Blob | FileParameter, options?: CallOptions): Promise<GeneratedForm | null>;
}

function isFileParameter(pdf: Blob | FileParameter): pdf is FileParameter {
  return 'data' in pdf && 'fileName' in pdf;
}

/** Creates the FormGenerator API over a transport. */
export function createFormGeneratorApi(transport: Transport): FormGeneratorApi {
  return {
    uploadPdf: async (pdf, options) => {
      assertDefined('pdf', pdf);
      const formData = new FormData();
      if (isFileParameter(pdf)) formData.append('Pdf', pdf.data, pdf.fileName);
      else formData.append('Pdf', pdf, (pdf as Partial<File>).name || 'Pdf');
      return transport.request({
        method: 'POST',
        path: '/api/FormGenerator/UploadPdf',
        formData,
        signal: options?.signal,
      });
    },
  };
}
