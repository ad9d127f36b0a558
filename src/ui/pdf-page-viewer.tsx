/**
 * The one pdf.js page viewer: opens a PDF's bytes (through `pdf-document`, which loads pdf.js on first use), then
 * shows every page as white paper with its canvas drawn by pdf.js, the pages drawn one after the other, and whatever
 * the screen lays over each page (the PDF import's field outlines, the signing page's 'Sign here' boxes). Only page
 * views import this module (`PdfPages`, `SigningPages`), and their screens import those only through `React.lazy`,
 * so no other screen's bundle holds it or pdf.js.
 */
import { Alert, Box, Group, Loader, Stack, Text, type StackProps } from '@mantine/core';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { openPdfDocument, type PdfDocumentHandle, type PdfFieldDrawing, type PdfOpenOptions, type PdfPageHandle } from './pdf-document';

/** Opens a PDF's bytes as pages: `openPdfDocument`'s shape. */
export type PdfOpener = (bytes: Uint8Array, options: PdfOpenOptions) => Promise<PdfDocumentHandle>;

/**
 * What the page views open PDFs with: pdf-document's `openPdfDocument` (pdf.js) unless a provider gives another, as
 * the component tests do under jsdom, where pdf.js cannot run, with pages of known sizes.
 */
export const PdfOpenerContext = createContext<PdfOpener>(openPdfDocument);

/** Where the opening of a PDF is; `missing`: pdf.js (`pdfjs-dist`, an optional peer) is not installed. */
export type PdfPagesState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'missing' }
  | { status: 'ready'; pages: readonly PdfPageHandle[] };

/**
 * Opens `data` and reads its pages; the document is freed when `data` or `workerSrc` changes or the caller unmounts.
 * A PDF that pdf.js cannot open (or a browser it cannot run in) is `failed`; a host without pdf.js installed `missing`. `fields` says what the pages show of their
 * form fields (see `PdfFieldDrawing`).
 */
export function usePdfPages(data: Uint8Array, workerSrc?: string, fields: PdfFieldDrawing = 'shown'): PdfPagesState {
  const open = useContext(PdfOpenerContext);
  const [state, setState] = useState<PdfPagesState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    let opened: PdfDocumentHandle | null = null;
    setState({ status: 'loading' });
    void (async () => {
      try {
        opened = await open(data, { workerSrc, fields });
        const pages: PdfPageHandle[] = [];
        for (let i = 0; i < opened.pageCount; i++) pages.push(await opened.page(i));
        if (!cancelled) setState({ status: 'ready', pages });
      } catch (error) {
        // 'PdfJsMissingError': pdf-document's PDFJS_MISSING_ERROR, told by name (see there).
        if (!cancelled) setState({ status: error instanceof Error && error.name === 'PdfJsMissingError' ? 'missing' : 'failed' });
      }
    })();
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [open, data, workerSrc, fields]);
  return state;
}

/** Props of {@link PdfPageFrame}. */
export interface PdfPageFrameProps {
  page: PdfPageHandle;
  /** The page's accessible name, e.g. 'Page 1 of 3'. */
  label: string;
  /** Its number, from 1 (`data-page`). */
  pageNumber: number;
  /** CSS pixels per PDF point the page is drawn at, at most. */
  scale: number;
  /**
   * `true` (the default): the page shrinks to the width available, up to its drawn width. `false`: it keeps its drawn
   * width, and the box around the pages scrolls.
   */
  fit?: boolean;
  /** Runs drawing jobs one after the other (see {@link PdfPageViewer}). */
  enqueue(job: () => Promise<void>): void;
  /** What lies over the page, placed in shares of it (see `PdfPageHandle.boxOf`), so it follows any size. */
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/**
 * One page: a box with the page's proportions, white as paper in both colour schemes, its canvas drawn by pdf.js
 * (again when the scale changes) and the overlays on top. A page that cannot be drawn stays blank; its overlays work.
 */
export function PdfPageFrame({ page, label, pageNumber, scale, fit = true, enqueue, children, className, style }: PdfPageFrameProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    const element = canvas.current;
    enqueue(async () => {
      if (cancelled || !element) return;
      // Sharp on high-density screens, but no more than twice the pixels (a large page at 3x costs too much memory).
      const ratio = Math.min(2, typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);
      await page.render(element, scale * ratio);
    });
    return () => {
      cancelled = true;
      page.cancel();
    };
  }, [page, enqueue, scale]);

  return (
    <Box
      role="group"
      aria-label={label}
      data-page={pageNumber}
      className={className}
      style={{
        position: 'relative',
        ...(fit ? { width: '100%', maxWidth: page.width * scale } : { width: page.width * scale, maxWidth: 'none', flexShrink: 0 }),
        aspectRatio: `${page.width} / ${page.height}`,
        boxShadow: 'var(--mantine-shadow-sm)',
        border: '1px solid var(--mantine-color-default-border)',
        // The page is paper: white in both colour schemes, as the PDF is.
        background: '#fff',
        ...style,
      }}
    >
      <canvas ref={canvas} aria-hidden="true" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />
      {children}
    </Box>
  );
}

/**
 * Where an overlay over `rect` (PDF user space, as `PdfPageHandle.boxOf` takes it) sits on its page: absolutely, in
 * shares of the page, so it follows the page at any size; at least 4 points wide and high, so a hairline field stays
 * visible and clickable.
 */
export function overlayPlacement(page: PdfPageHandle, rect: Parameters<PdfPageHandle['boxOf']>[0]): CSSProperties {
  const box = page.boxOf(rect);
  const share = (value: number, of: number) => `${(value / of) * 100}%`;
  return {
    position: 'absolute',
    left: share(box.left, page.width),
    top: share(box.top, page.height),
    width: share(Math.max(box.width, 4), page.width),
    height: share(Math.max(box.height, 4), page.height),
  };
}

/** Props of {@link PdfPageViewer}; the rest go to the column of pages (a Mantine `Stack`). */
export interface PdfPageViewerProps extends Omit<StackProps, 'children'> {
  /** The PDF's bytes. */
  data: Uint8Array;
  /** The URL of pdf.js's worker as the host's build emits it (see `PdfWorkerOptions.workerSrc`). */
  workerSrc?: string;
  /** CSS pixels per PDF point the pages are drawn at (at most, when they fit the width). */
  scale: number;
  /**
   * What the pages show of their form fields: `'shown'` (the default) their appearance with their values, `'hidden'`
   * the pages without the fields' widgets (see `PdfFieldDrawing`).
   */
  fields?: PdfFieldDrawing;
  /** Pages fit the width available (the default), or keep their drawn width. */
  fit?: boolean;
  /** A page's accessible name, e.g. 'Page 1 of 3'; `page` counts from 1. */
  pageLabel(page: number, count: number): string;
  /** Shown while the PDF opens. */
  loadingText: ReactNode;
  /** Shown when the PDF cannot be opened or drawn here. */
  failedText: ReactNode;
  /** Shown instead when pdf.js (`pdfjs-dist`) is not installed in the host app (default: `failedText`). */
  missingText?: ReactNode;
  /** What lies over page `index` (from 0); see {@link PdfPageFrame}'s `children`. */
  renderOverlay?(page: PdfPageHandle, index: number): ReactNode;
  /** Called with the pages once they are open (for effects that wait for the overlays, e.g. scrolling to one). */
  onReady?(pages: readonly PdfPageHandle[]): void;
  /** Class name and style of each page (a screen's Styles API part). */
  pageProps?: { className?: string; style?: CSSProperties };
}

/**
 * Every page of a PDF, one under the other, with each page's overlays; a loading line while pdf.js opens it and a
 * notice if it cannot. Pages are drawn in order, one at a time, so the first is on screen soonest and a long
 * document does not draw all its pages at once.
 */
export function PdfPageViewer(props: PdfPageViewerProps) {
  const { data, workerSrc, scale, fields = 'shown', fit = true, pageLabel, loadingText, failedText, missingText, renderOverlay, onReady, pageProps, ...others } = props;
  const state = usePdfPages(data, workerSrc, fields);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const enqueue = useCallback((job: () => Promise<void>) => {
    queue.current = queue.current.then(job).catch(() => undefined);
  }, []);
  const ready = useRef(onReady);
  ready.current = onReady;
  const pages = state.status === 'ready' ? state.pages : null;
  useEffect(() => {
    if (pages) ready.current?.(pages);
  }, [pages]);

  if (state.status === 'loading') {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{loadingText}</Text>
      </Group>
    );
  }
  if (state.status === 'failed') return <Alert color="yellow">{failedText}</Alert>;
  if (state.status === 'missing') return <Alert color="yellow">{missingText ?? failedText}</Alert>;
  return (
    <Stack gap="md" align="center" {...others}>
      {state.pages.map((page, index) => (
        <PdfPageFrame
          key={index}
          page={page}
          label={pageLabel(index + 1, state.pages.length)}
          pageNumber={index + 1}
          scale={scale}
          fit={fit}
          enqueue={enqueue}
          className={pageProps?.className}
          style={pageProps?.style}
        >
          {renderOverlay?.(page, index)}
        </PdfPageFrame>
      ))}
    </Stack>
  );
}

PdfPageViewer.displayName = '@ccq/forms-admin/PdfPageViewer';
