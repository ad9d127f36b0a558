/**
 * Every page of a PDF drawn by pdf.js, with each generated field outlined on its page. An outline is a button:
 * clicking it (or Enter / Space on it) selects the field, and a field selected elsewhere is scrolled into view with
 * its outline marked. Loaded lazily (the default export) by `PdfFormImport`, so pdf.js is fetched only there.
 */
import { Alert, Box, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import type { PdfField } from '../../api/types';
import { fillLabel, type Labels } from '../../query/labels';
import { openPdfDocument, type PdfDocumentHandle, type PdfPageHandle } from '../../ui/pdf-document';

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

type LoadState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; doc: PdfDocumentHandle; pages: PdfPageHandle[] };

function PdfPage({
  page,
  index,
  count,
  fields,
  selected,
  onSelect,
  labels,
  typeLabel,
  register,
  enqueue,
  pageProps,
  outlineProps,
}: {
  page: PdfPageHandle;
  index: number;
  count: number;
  fields: readonly { field: PdfField; index: number }[];
  selected: string | null;
  onSelect(name: string): void;
  labels: Labels;
  typeLabel(field: PdfField): string;
  register(name: string, element: HTMLButtonElement | null): void;
  enqueue(job: () => Promise<void>): void;
  pageProps?: PdfPagesProps['pageProps'];
  outlineProps?: PdfPagesProps['outlineProps'];
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    const element = canvas.current;
    // Pages draw one after the other, so the first is on screen soonest. A page that cannot be drawn stays blank; its
    // outlines still work.
    enqueue(async () => {
      if (cancelled || !element) return;
      const ratio = Math.min(2, typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);
      await page.render(element, PAGE_SCALE * ratio);
    });
    return () => {
      cancelled = true;
      page.cancel();
    };
  }, [page, enqueue]);

  const pageLabel = fillLabel(labels.piPageLabel, { page: index + 1, count });
  return (
    <Box
      role="group"
      aria-label={pageLabel}
      data-page={index + 1}
      {...pageProps}
      style={{
        position: 'relative',
        width: '100%',
        maxWidth: page.width * PAGE_SCALE,
        aspectRatio: `${page.width} / ${page.height}`,
        boxShadow: 'var(--mantine-shadow-sm)',
        border: '1px solid var(--mantine-color-default-border)',
        // The page is paper: white in both colour schemes, as the PDF is.
        background: '#fff',
        ...pageProps?.style,
      }}
    >
      <canvas ref={canvas} aria-hidden="true" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }} />
      {fields.map(({ field, index: fieldIndex }) => {
        const box = page.boxOf(field.rect);
        const isSelected = field.name === selected;
        const pct = (value: number, of: number) => `${(value / of) * 100}%`;
        return (
          <UnstyledButton
            key={`${field.name}-${fieldIndex}`}
            ref={(element: HTMLButtonElement | null) => register(field.name, element)}
            aria-pressed={isSelected}
            aria-label={fillLabel(labels.piOutline, { name: field.name, type: typeLabel(field), page: index + 1 })}
            title={field.name}
            data-selected={isSelected || undefined}
            data-field-name={field.name}
            onClick={() => onSelect(field.name)}
            {...outlineProps}
            style={{
              position: 'absolute',
              left: pct(box.left, page.width),
              top: pct(box.top, page.height),
              width: pct(Math.max(box.width, 4), page.width),
              height: pct(Math.max(box.height, 4), page.height),
              // Dark enough on white paper (3:1 and more) in both schemes: the page stays white.
              border: isSelected ? '3px solid #c2255c' : '2px solid #1864ab',
              background: isSelected ? 'rgba(194, 37, 92, 0.18)' : 'rgba(24, 100, 171, 0.08)',
              borderRadius: 2,
              ...outlineProps?.style,
            }}
          />
        );
      })}
    </Box>
  );
}

/** The pages of a PDF with the fields outlined; see the module comment. */
export default function PdfPages(props: PdfPagesProps) {
  const { data, fields, selected, onSelect, labels, typeLabel, workerSrc, pageProps, outlineProps } = props;
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const outlines = useRef(new Map<string, HTMLButtonElement>());
  const queue = useRef<Promise<void>>(Promise.resolve());
  const enqueue = useCallback((job: () => Promise<void>) => {
    queue.current = queue.current.then(job).catch(() => undefined);
  }, []);
  const register = useCallback((name: string, element: HTMLButtonElement | null) => {
    if (element) outlines.current.set(name, element);
    else outlines.current.delete(name);
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
        if (!cancelled) setState({ status: 'ready', doc: opened, pages });
      } catch {
        if (!cancelled) setState({ status: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [data, workerSrc]);

  // A field chosen in the list scrolls its outline into view.
  useEffect(() => {
    if (selected === null) return;
    const element = outlines.current.get(selected);
    if (element && typeof element.scrollIntoView === 'function') element.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [selected, state.status]);

  if (state.status === 'loading') {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{labels.piPagesLoading}</Text>
      </Group>
    );
  }
  if (state.status === 'failed') return <Alert color="yellow">{labels.piPagesFailed}</Alert>;

  const byPage = state.pages.map(() => [] as { field: PdfField; index: number }[]);
  fields.forEach((field, index) => byPage[field.page]?.push({ field, index }));
  return (
    <Stack gap="md" align="center">
      {state.pages.map((page, index) => (
        <PdfPage
          key={index}
          page={page}
          index={index}
          count={state.pages.length}
          fields={byPage[index] ?? []}
          selected={selected}
          onSelect={onSelect}
          labels={labels}
          typeLabel={typeLabel}
          register={register}
          enqueue={enqueue}
          pageProps={pageProps}
          outlineProps={outlineProps}
        />
      ))}
    </Stack>
  );
}
