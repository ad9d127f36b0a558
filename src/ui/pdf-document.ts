/**
 * The one door to pdf.js (`pdfjs-dist`, an optional peer: only hosts that show a PDF install it): loads it on first use, so that no screen but those showing a PDF pays for it,
 * and opens a PDF's bytes into pages that draw themselves on a canvas. Only the shared page viewer (`pdf-page-viewer`)
 * imports this module at run time; the page views built on it (the PDF import's `PdfPages`, the signing page's
 * `SigningPages`) are imported by their screens only through `React.lazy`.
 *
 * Safety: pdf.js runs with `isEvalSupported: false` (no `new Function` for fonts, so a strict Content-Security-Policy
 * holds and a hostile font program never becomes code), without XFA, and without scripting. The parsing runs in pdf.js's
 * worker when the host gives its URL (`workerSrc`: a file its build emits), else on the page's thread.
 */
import type * as PdfJsModule from 'pdfjs-dist';
import type { PdfField } from '../api/types';

/** A rectangle on a page, in CSS pixels of the page drawn at scale 1 (origin top-left). */
export interface PageBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** One page of an opened PDF. */
export interface PdfPageHandle {
  /** Width and height at scale 1 (PDF points, rotation applied). */
  width: number;
  height: number;
  /** Where a field's rectangle (PDF user space, origin bottom-left) lies on the drawn page. */
  boxOf(rect: PdfField['rect']): PageBox;
  /** Draws the page on `canvas` at `scale` (device pixels per point); settles when drawn. */
  render(canvas: HTMLCanvasElement, scale: number): Promise<void>;
  /** Stops a drawing under way. */
  cancel(): void;
}

/** An opened PDF. */
export interface PdfDocumentHandle {
  pageCount: number;
  page(index: number): Promise<PdfPageHandle>;
  /** Frees the document (and its worker's memory). */
  destroy(): Promise<void>;
}

/** How pdf.js finds its worker. */
export interface PdfWorkerOptions {
  /**
   * The URL of `pdfjs-dist/build/pdf.worker.min.mjs` as the host's build emits it (Vite:
   * `import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url'`; webpack 5:
   * `new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href`). Without it the pages are read on the
   * page's own thread, which works but holds the page up while a large PDF is parsed.
   */
  workerSrc?: string;
}

/**
 * What a drawn page shows of its form fields: `'shown'` their own appearance, values included, as a PDF reader shows
 * them (the document to sign); `'hidden'` the page without its fields' widgets, so that values a template arrived
 * with are not drawn (the PDF import, whose stored template has them cleared; the screen outlines each field itself).
 */
export type PdfFieldDrawing = 'shown' | 'hidden';

/** How {@link openPdfDocument} opens and draws a PDF. */
export interface PdfOpenOptions extends PdfWorkerOptions {
  /** What the pages show of their form fields (default `'shown'`). */
  fields?: PdfFieldDrawing;
}

type PdfJs = typeof PdfJsModule;

/**
 * The name of the error {@link openPdfDocument} throws where pdf.js (`pdfjs-dist`, an optional peer of the package)
 * is not installed: the runtime found no module to load. A host that shows a PDF screen installs it; the page viewer
 * tells this error by its name (a plain string, so that tests which stand in for this module need not provide it) and
 * says what to install instead of drawing the pages.
 */
export const PDFJS_MISSING_ERROR = 'PdfJsMissingError';

/**
 * Whether `error`, thrown by `import('pdfjs-dist')`, or one of its causes, says the module is not there: Node's
 * ERR_MODULE_NOT_FOUND (a server render, tests), or a runtime's message naming the package as not found.
 */
function isMissingModule(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND') return true;
    const message = e instanceof Error ? e.message : String(e);
    if (/pdfjs-dist/.test(message) && /cannot find|could not resolve|failed to resolve|not found/i.test(message)) return true;
  }
  return false;
}

let loading: Promise<PdfJs> | null = null;

async function importPdfJs(): Promise<PdfJs> {
  try {
    return await import('pdfjs-dist');
  } catch (error) {
    if (isMissingModule(error)) {
      throw Object.assign(new Error('pdf.js is not installed: npm install pdfjs-dist', { cause: error }), { name: PDFJS_MISSING_ERROR });
    }
    throw error;
  }
}

async function loadPdfJs(options: PdfWorkerOptions): Promise<PdfJs> {
  loading ??= (async () => {
    const pdfjs = await importPdfJs();
    if (options.workerSrc) pdfjs.GlobalWorkerOptions.workerSrc = options.workerSrc;
    // pdf.js's own fallback when no worker URL is known: the worker's code on this thread.
    else if (!(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker) await import('pdfjs-dist/build/pdf.worker.min.mjs');
    return pdfjs;
  })();
  try {
    return await loading;
  } catch (error) {
    loading = null;
    throw error;
  }
}

/** Opens `bytes` (a copy is handed to pdf.js, which may move it to its worker). */
export async function openPdfDocument(bytes: Uint8Array, options: PdfOpenOptions = {}): Promise<PdfDocumentHandle> {
  const pdfjs = await loadPdfJs(options);
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: false,
  });
  const doc = await task.promise;
  return {
    pageCount: doc.numPages,
    async page(index) {
      const page = await doc.getPage(index + 1);
      const viewport = page.getViewport({ scale: 1 });
      let running: { cancel(): void } | null = null;
      return {
        width: viewport.width,
        height: viewport.height,
        boxOf(rect) {
          const [x1, y1, x2, y2] = viewport.convertToViewportRectangle([rect.x, rect.y, rect.x + rect.width, rect.y + rect.height]) as number[];
          const left = Math.min(x1 as number, x2 as number);
          const top = Math.min(y1 as number, y2 as number);
          return { left, top, width: Math.abs((x2 as number) - (x1 as number)), height: Math.abs((y2 as number) - (y1 as number)) };
        },
        async render(canvas, scale) {
          const scaled = page.getViewport({ scale });
          canvas.width = Math.floor(scaled.width);
          canvas.height = Math.floor(scaled.height);
          // 'shown': the fields' own appearance is drawn too, as a PDF reader shows them; the outlines go over it.
          // 'hidden': pdf.js leaves form widgets to an HTML layer in ENABLE_FORMS mode, and none is drawn here, so
          // the canvas holds the page and its other annotations without any field's value.
          const annotationMode = options.fields === 'hidden' ? pdfjs.AnnotationMode.ENABLE_FORMS : pdfjs.AnnotationMode.ENABLE;
          const task = page.render({ canvas, viewport: scaled, annotationMode });
          running = task;
          try {
            await task.promise;
          } finally {
            running = null;
          }
        },
        cancel() {
          running?.cancel();
        },
      };
    },
    destroy: () => task.destroy(),
  };
}
