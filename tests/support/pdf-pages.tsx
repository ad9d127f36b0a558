// PDF pages for component tests: pdf.js does not run under jsdom, so the page views (src/ui/pdf-page-viewer.tsx) get
// their pages through its PdfOpenerContext from here, in place of pdf.js's.
import type { ReactNode } from 'react';
import type { PdfOpenOptions, PdfPageHandle } from '../../src/ui/pdf-document';
import { PdfOpenerContext, type PdfOpener } from '../../src/ui/pdf-page-viewer';

/** A US Letter page's size in PDF points. */
const LETTER = { width: 612, height: 792 };

/** How {@link letterPages} answers. */
export interface LetterPagesOptions {
  /** How many pages each opened document has (default 1); read at each opening. */
  pageCount?: () => number;
  /** Called for each page drawn, with its index and scale (a drawing does nothing else). */
  onRender?: (index: number, scale: number) => void;
  /** Called for each document opened, with the options the view opened it with. */
  onOpen?: (options: PdfOpenOptions) => void;
}

/**
 * Opens any bytes as blank US Letter pages whose field boxes are placed as pdf.js places them (a rectangle's origin
 * bottom-left in the PDF, top-left on the drawn page).
 */
export function letterPages({ pageCount = () => 1, onRender, onOpen }: LetterPagesOptions = {}): PdfOpener {
  return async (_bytes, options) => {
    onOpen?.(options);
    return {
      pageCount: pageCount(),
      page: async (index): Promise<PdfPageHandle> => ({
        ...LETTER,
        boxOf: (rect) => ({ left: rect.x, top: LETTER.height - rect.y - rect.height, width: rect.width, height: rect.height }),
        render: async (_canvas, scale) => onRender?.(index, scale),
        cancel: () => undefined,
      }),
      destroy: async () => undefined,
    };
  };
}

/** Gives the page views inside it the pages `open` makes (default: one blank US Letter page per document). */
export function WithPdfPages({ open = letterPages(), children }: { open?: PdfOpener; children: ReactNode }) {
  return <PdfOpenerContext value={open}>{children}</PdfOpenerContext>;
}
