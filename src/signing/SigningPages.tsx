/**
 * Every page of the document to sign, drawn by pdf.js and scaled to the width available (a phone shows the whole page
 * width), with each place where this signer signs outlined and labelled 'Sign here'. Loaded lazily (the default
 * export) by `SignDocument`, so pdf.js is fetched only once a document is shown.
 */
import { Alert, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import type { SignaturePlace } from '../api/types';
import { fillLabel } from '../query/shared-labels';
import { openPdfDocument, type PdfDocumentHandle, type PdfPageHandle } from '../ui/pdf-document';
import type { SignDocumentLabels } from './labels';

/** How big a page is drawn, at most, in CSS pixels per PDF point, when it fits the width. */
const PAGE_SCALE = 1.25;

/** CSS pixels per PDF point at a zoom of 100%: the page at its printed size (96 CSS pixels and 72 points an inch). */
const PRINTED_SCALE = 96 / 72;

/**
 * How the document is drawn: `'fit'` scales each page to the width available (at most {@link PAGE_SCALE}); a number
 * draws it at that share of its printed size (1 = 100%), wider than a phone's screen, inside a box that scrolls sideways.
 */
export type SigningZoom = 'fit' | number;

/** CSS pixels per PDF point a page is drawn at for a zoom. */
export function scaleOfZoom(zoom: SigningZoom): number {
  return zoom === 'fit' ? PAGE_SCALE : PRINTED_SCALE * zoom;
}

/** The outline of a place to sign: dark blue, at 3:1 and more on the white paper in both colour schemes. */
const OUTLINE = '#1864ab';

/** Props of {@link SigningPages}. */
export interface SigningPagesProps {
  /** The PDF's bytes. */
  data: Uint8Array;
  places: readonly SignaturePlace[];
  labels: SignDocumentLabels;
  /** How big the pages are drawn; `'fit'` (the default) fits them to the width. */
  zoom?: SigningZoom;
  /** The URL of pdf.js's worker as the host's build emits it (see `SignDocumentProps.pdfWorkerSrc`). */
  workerSrc?: string;
  /** Receives the first place's outline once drawn (the 'Go to where you sign' button moves there). */
  firstPlaceRef?: (element: HTMLElement | null) => void;
  pageProps?: { className?: string; style?: CSSProperties };
  placeProps?: { className?: string; style?: CSSProperties };
}

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; pages: PdfPageHandle[] };

function SigningPage(props: {
  page: PdfPageHandle;
  index: number;
  count: number;
  places: readonly { place: SignaturePlace; first: boolean }[];
  labels: SignDocumentLabels;
  zoom: SigningZoom;
  enqueue(job: () => Promise<void>): void;
  firstPlaceRef?: (element: HTMLElement | null) => void;
  pageProps?: SigningPagesProps['pageProps'];
  placeProps?: SigningPagesProps['placeProps'];
}) {
  const { page, index, count, places, labels, zoom, enqueue, firstPlaceRef, pageProps, placeProps } = props;
  const scale = scaleOfZoom(zoom);
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    const element = canvas.current;
    // Pages draw one after the other, so the first is on screen soonest. A page that cannot be drawn stays blank; its
    // places are still outlined.
    enqueue(async () => {
      if (cancelled || !element) return;
      const ratio = Math.min(2, typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);
      await page.render(element, scale * ratio);
    });
    return () => {
      cancelled = true;
      page.cancel();
    };
    // A new zoom draws the page again at its scale (the outlines are placed in shares of the page, so they follow).
  }, [page, enqueue, scale]);

  const pct = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <Box
      role="group"
      aria-label={fillLabel(labels.sdPageLabel, { page: index + 1, count })}
      data-page={index + 1}
      {...pageProps}
      style={{
        position: 'relative',
        // Fitted, the page shrinks to the width available; zoomed, it keeps its drawn width and the box around the
        // pages scrolls.
        ...(zoom === 'fit' ? { width: '100%', maxWidth: page.width * scale } : { width: page.width * scale, maxWidth: 'none', flexShrink: 0 }),
        aspectRatio: `${page.width} / ${page.height}`,
        boxShadow: 'var(--mantine-shadow-sm)',
        border: '1px solid var(--mantine-color-default-border)',
        // The page is paper: white in both colour schemes, as the PDF is.
        background: '#fff',
        ...pageProps?.style,
      }}
    >
      <canvas ref={canvas} aria-hidden="true" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />
      {places.map(({ place, first }, placeIndex) => {
        const box = page.boxOf(place);
        return (
          <Box
            key={placeIndex}
            ref={first ? firstPlaceRef : undefined}
            tabIndex={first ? -1 : undefined}
            data-sign-here
            {...placeProps}
            style={{
              position: 'absolute',
              left: pct(box.left, page.width),
              top: pct(box.top, page.height),
              width: pct(Math.max(box.width, 4), page.width),
              height: pct(Math.max(box.height, 4), page.height),
              border: `2px dashed ${OUTLINE}`,
              background: 'rgba(24, 100, 171, 0.08)',
              borderRadius: 2,
              scrollMarginBlock: '40vh',
              ...placeProps?.style,
            }}
          >
            {/* The label sits in the place's top-left corner (the place is blank until signed), white on the outline's blue (6:1). */}
            <Text
              component="span"
              size="xs"
              fw={700}
              style={{
                position: 'absolute',
                left: 0,
                top: 0,
                padding: '0 6px',
                color: '#fff',
                background: OUTLINE,
                borderRadius: '0 0 2px 0',
                whiteSpace: 'nowrap',
                lineHeight: 1.6,
              }}
            >
              {labels.sdSignHere}
            </Text>
          </Box>
        );
      })}
    </Box>
  );
}

/** The pages of the document with the places to sign outlined; see the module comment. */
export default function SigningPages(props: SigningPagesProps) {
  const { data, places, labels, zoom = 'fit', workerSrc, firstPlaceRef, pageProps, placeProps } = props;
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const queue = useRef<Promise<void>>(Promise.resolve());
  const enqueue = useCallback((job: () => Promise<void>) => {
    queue.current = queue.current.then(job).catch(() => undefined);
  }, []);

  useEffect(() => {
    let cancelled = false;
    let opened: PdfDocumentHandle | null = null;
    setState({ status: 'loading' });
    (async () => {
      try {
        opened = await openPdfDocument(data, { workerSrc });
        const pages: PdfPageHandle[] = [];
        for (let i = 0; i < opened.pageCount; i++) pages.push(await opened.page(i));
        if (!cancelled) setState({ status: 'ready', pages });
      } catch {
        if (!cancelled) setState({ status: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [data, workerSrc]);

  if (state.status === 'loading') {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{labels.sdPagesLoading}</Text>
      </Group>
    );
  }
  if (state.status === 'failed') return <Alert color="yellow">{labels.sdPagesFailed}</Alert>;

  // The first place in reading order: the lowest page, then the highest on it (PDF y grows upwards).
  const firstIndex = places.reduce<number>((best, place, i) => {
    const current = places[best];
    if (best < 0 || !current) return i;
    return place.page < current.page || (place.page === current.page && place.y + place.height > current.y + current.height) ? i : best;
  }, -1);
  const byPage = state.pages.map(() => [] as { place: SignaturePlace; first: boolean }[]);
  places.forEach((place, i) => byPage[place.page]?.push({ place, first: i === firstIndex }));
  const zoomed = zoom !== 'fit';
  // The pages sit in a box of their own that scrolls sideways when zoomed, so the signing page itself never does.
  // 'safe center' centres a page narrower than the box but starts a wider one at the box's left edge, where the
  // scroll can reach it. Zoomed, the box takes the keyboard focus so it can be scrolled with the arrow keys.
  return (
    <Stack
      gap="md"
      data-signing-pages
      data-zoom={zoom}
      role={zoomed ? 'group' : undefined}
      aria-label={zoomed ? labels.sdPagesScroll : undefined}
      tabIndex={zoomed ? 0 : undefined}
      style={{ alignItems: 'safe center', maxWidth: '100%', overflowX: 'auto', paddingBottom: zoomed ? 'var(--mantine-spacing-xs)' : undefined }}
    >
      {state.pages.map((page, index) => (
        <SigningPage
          key={index}
          page={page}
          index={index}
          count={state.pages.length}
          places={byPage[index] ?? []}
          labels={labels}
          zoom={zoom}
          enqueue={enqueue}
          firstPlaceRef={firstPlaceRef}
          pageProps={pageProps}
          placeProps={placeProps}
        />
      ))}
    </Stack>
  );
}
