export { pdfFieldTypeLabel, PdfFormImport, PdfFormImportView } from './PdfFormImport';
export type {
  PdfFormImportFactory,
  PdfFormImportProps,
  PdfFormImportStylesNames,
  PdfFormImportViewFactory,
  PdfFormImportViewProps,
} from './PdfFormImport';
export { usePdfFormImport } from './usePdfFormImport';
export type { PdfFormImportController, PdfFormImportOptions, PdfFormImportStatus } from './usePdfFormImport';
export { describePdfImportError } from './import-problems';
export type { PdfImportError, PdfImportProblem } from './import-problems';
