/**
 * Every page of a PDF drawn by pdf.js (the shared `PdfPageViewer`), with each generated field outlined on its page.
 * An outline is a button: clicking it (or Enter / Space on it) selects the field, and a field selected elsewhere is
 * scrolled into view with its outline marked. Loaded lazily (the default export) by `PdfFormImport`, so pdf.js is fetched only there.
 */
import { UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import type { PdfField } from '../../api/types';
import { fillLabel, type Labels } from '../../query/labels';
import type { PdfPageHandle } from '../../ui/pdf-document';
import { PdfPageViewer, overlayPlacement } from '../../ui/pdf-page-viewer';

/** How big a page is drawn, at most, in CSS pixels per PDF point. */
const PAGE_SCALE = 1.25;

/** Props of {@link PdfPages}. */
export interface PdfPagesProps {
  /** The PDF's bytes. */
  data: Uint8Array;
  fields: readonly PdfField[];
  /** The name of the selected field. */
  selected: string | null;
  onSelect(name: string): void;
  labels: Labels;
  /** Words for a field's type in its outline's name. */
  typeLabel(field: PdfField): string;
  /** The URL of pdf.js's worker as the host's build emits it (see `PdfFormImportProps.pdfWorkerSrc`). */
  workerSrc?: string;
  /** Styles API parts of the screen. */
  pageProps?: { className?: string; style?: CSSProperties };
  outlineProps?: { className?: string; style?: CSSProperties };
}

/** The pages of a PDF with the fields outlined; see the module comment. */
export default function PdfPages(props: PdfPagesProps) {
  const { data, fields, selected, onSelect, labels, typeLabel, workerSrc, pageProps, outlineProps } = props;
  const [ready, setReady] = useState(false);
  const outlines = useRef(new Map<string, HTMLButtonElement>());
  const register = useCallback((name: string, element: HTMLButtonElement | null) => {
    if (element) outlines.current.set(name, element);
    else outlines.current.delete(name);
  }, []);

  // A field chosen in the list scrolls its outline into view (once the pages, and so the outlines, are there).
  useEffect(() => {
    if (selected === null) return;
    const element = outlines.current.get(selected);
    if (element && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [selected, ready]);

  const outlinesOf = (page: PdfPageHandle, pageIndex: number) =>
    fields.map((field, fieldIndex) => {
      if (field.page !== pageIndex) return null;
      const isSelected = field.name === selected;
      return (
        <UnstyledButton
          key={`${field.name}-${fieldIndex}`}
          ref={(element: HTMLButtonElement | null) => register(field.name, element)}
          aria-pressed={isSelected}
          aria-label={fillLabel(labels.piOutline, { name: field.name, type: typeLabel(field), page: pageIndex + 1 })}
          title={field.name}
          data-selected={isSelected || undefined}
          data-field-name={field.name}
          onClick={() => onSelect(field.name)}
          {...outlineProps}
          style={{
            ...overlayPlacement(page, field.rect),
            // Dark enough on white paper (3:1 and more) in both schemes: the page stays white. A field outlined in the
            // darkest shade of the host theme's primary colour (Mantine's default blue: #1864ab, 6.1:1), the selected
            // one thicker, in pink.
            border: isSelected ? '3px solid #c2255c' : '2px solid var(--mantine-primary-color-9)',
            background: isSelected ? 'rgba(194, 37, 92, 0.18)' : 'color-mix(in srgb, var(--mantine-primary-color-9) 8%, transparent)',
            borderRadius: 2,
            ...outlineProps?.style,
          }}
        />
      );
    });

  return (
    <PdfPageViewer
      data={data}
      workerSrc={workerSrc}
      scale={PAGE_SCALE}
      // The template is stored with every field's value cleared: the preview draws no value the file arrived with.
      fields="hidden"
      pageLabel={(page, count) => fillLabel(labels.piPageLabel, { page, count })}
      loadingText={labels.piPagesLoading}
      failedText={labels.piPagesFailed}
      missingText={labels.piPdfJsMissing}
      renderOverlay={outlinesOf}
      onReady={() => setReady(true)}
      pageProps={pageProps}
    />
  );
}
