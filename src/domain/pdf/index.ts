/**
 * PDF forms and dynamic form linking, shared by the reference server and the test fake: the form generated from a
 * PDF's fields, the application model's primitive paths, pre-filling an instance from an application (checked by the
 * engine) and the values an instance writes into its PDF.
 */
export {
  formFromPdf,
  readableFieldName,
  readingOrder,
  titleFromFileName,
  MAX_GENERATED_LABEL_LENGTH,
} from './form-from-pdf';
export type { FormFromPdfOptions, GeneratorContext, PdfFieldFound, PdfFormSource } from './form-from-pdf';
export {
  DEFAULT_LINKED_ITEMS,
  MAX_LINKED_ITEMS,
  MAX_PRIMITIVE_PATHS,
  checkedPrefill,
  pdfValuesFromData,
  primitivePathsOf,
  typedPathsFromExample,
} from './linking';
export type { ApplicationModel, PdfFieldValue, Prefill, PrimitivePath, PrimitiveType } from './linking';
export {
  looksLikePdf,
  overlongPdfFieldName,
  NOT_A_PDF_MESSAGE,
  PDF_FIELD_NAME_TOO_LONG_MESSAGE,
  PDF_EMPTY_MESSAGE,
  PDF_PART_MISSING_MESSAGE,
  PDF_TOO_LARGE_MESSAGE,
  PDF_UPLOAD_LIMITS,
} from './limits';
export { filledPdfFileName } from './download';
export { MULTIPART_UNREADABLE_MESSAGE, pdfFromMultipart, pdfFromMultipartBody } from './upload';
export type { PdfUploadFile, PdfUploadRefusal } from './upload';
