/**
 * Every page of the document to sign, drawn by pdf.js (the shared `PdfPageViewer`) and scaled to the width available
 * (a phone shows the whole page width), with each place where this signer signs outlined and labelled 'Sign here'.
 * Loaded lazily (the default export) by `SignDocument`, so pdf.js is fetched only once a document is shown.
 */
import { Box, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { SignaturePlace } from '../api/types';
import { fillLabel } from '../query/shared-labels';
import type { PdfPageHandle } from '../ui/pdf-document';
import { PdfPageViewer, overlayPlacement } from '../ui/pdf-page-viewer';
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

/**
 * The outline of a place to sign: the darkest shade of the host theme's primary colour (Mantine's default blue: #1864ab,
 * 6.1:1 on the white paper in both colour schemes; grape 7.3:1), and its tint behind the place.
 */
const OUTLINE = 'var(--mantine-primary-color-9)';
const PLACE_TINT = 'color-mix(in srgb, var(--mantine-primary-color-9) 8%, transparent)';

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

/** The outlined places to sign over one page. */
function SigningPlaces(props: {
  page: PdfPageHandle;
  places: readonly { place: SignaturePlace; first: boolean }[];
  labels: SignDocumentLabels;
  firstPlaceRef?: (element: HTMLElement | null) => void;
  placeProps?: SigningPagesProps['placeProps'];
}) {
  const { page, places, labels, firstPlaceRef, placeProps } = props;
  return places.map(({ place, first }, placeIndex) => {
    return (
      <Box
        key={placeIndex}
        ref={first ? firstPlaceRef : undefined}
        tabIndex={first ? -1 : undefined}
        data-sign-here
        {...placeProps}
        style={{
          ...overlayPlacement(page, place),
          border: `2px dashed ${OUTLINE}`,
          background: PLACE_TINT,
          borderRadius: 2,
          scrollMarginBlock: '40vh',
          ...placeProps?.style,
        }}
      >
        {/* The label sits in the place's top-left corner (the place is blank until signed), white on the outline's colour (6:1 on blue). */}
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
  });
}

/** The pages of the document with the places to sign outlined; see the module comment. */
export default function SigningPages(props: SigningPagesProps) {
  const { data, places, labels, zoom = 'fit', workerSrc, firstPlaceRef, pageProps, placeProps } = props;

  // The first place in reading order: the lowest page, then the highest on it (PDF y grows upwards).
  const firstIndex = places.reduce<number>((best, place, i) => {
    const current = places[best];
    if (best < 0 || !current) return i;
    return place.page < current.page || (place.page === current.page && place.y + place.height > current.y + current.height) ? i : best;
  }, -1);
  const placesOf = (page: PdfPageHandle, index: number) => (
    <SigningPlaces
      page={page}
      places={places.flatMap((place, i) => (place.page === index ? [{ place, first: i === firstIndex }] : []))}
      labels={labels}
      firstPlaceRef={firstPlaceRef}
      placeProps={placeProps}
    />
  );
  const zoomed = zoom !== 'fit';
  // The pages sit in a box of their own that scrolls sideways when zoomed, so the signing page itself never does.
  // 'safe center' centres a page narrower than the box but starts a wider one at the box's left edge, where the
  // scroll can reach it. Zoomed, the box takes the keyboard focus so it can be scrolled with the arrow keys. A new
  // zoom draws the pages again at its scale (the places are placed in shares of the page, so they follow).
  return (
    <PdfPageViewer
      data={data}
      workerSrc={workerSrc}
      scale={scaleOfZoom(zoom)}
      fit={!zoomed}
      pageLabel={(page, count) => fillLabel(labels.sdPageLabel, { page, count })}
      loadingText={labels.sdPagesLoading}
      failedText={labels.sdPagesFailed}
      missingText={labels.sdPdfJsMissing}
      renderOverlay={placesOf}
      pageProps={pageProps}
      data-signing-pages
      data-zoom={zoom}
      role={zoomed ? 'group' : undefined}
      aria-label={zoomed ? labels.sdPagesScroll : undefined}
      tabIndex={zoomed ? 0 : undefined}
      style={{ alignItems: 'safe center', maxWidth: '100%', overflowX: 'auto', paddingBottom: zoomed ? 'var(--mantine-spacing-xs)' : undefined }}
    />
  );
}
