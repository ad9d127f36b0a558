import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PdfPageViewer, type PdfOpener } from '../../src/ui/pdf-page-viewer';
import { WithPdfPages } from '../support/pdf-pages';
import { renderWithProviders } from '../support/render';

// jsdom cannot run pdf.js: the document is stood in for by pages whose drawing the test holds and lets go, to see
// that they are drawn one after the other, and at the scale asked.
const doc = {
  fail: false,
  pageCount: 3,
  draws: [] as { index: number; scale: number; done: () => void }[],
  destroyed: 0,
};
const open: PdfOpener = async () => {
  if (doc.fail) throw new Error('Invalid PDF structure.');
  return {
    pageCount: doc.pageCount,
    page: async (index) => ({
      width: 600,
      height: 800,
      boxOf: (rect) => ({ left: rect.x, top: 800 - rect.y - rect.height, width: rect.width, height: rect.height }),
      render: (_canvas, scale) => new Promise<void>((done) => doc.draws.push({ index, scale, done })),
      cancel: () => undefined,
    }),
    destroy: async () => {
      doc.destroyed += 1;
    },
  };
};

afterEach(() => {
  doc.fail = false;
  doc.pageCount = 3;
  doc.draws = [];
  doc.destroyed = 0;
});

const bytes = new Uint8Array([37, 80, 68, 70]);

describe('PdfPageViewer', () => {
  it('shows every page with its overlays, draws the pages one after the other, and frees the document when it goes', async () => {
    const onReady = vi.fn();
    const { unmount } = renderWithProviders(
      <WithPdfPages open={open}>
        <PdfPageViewer
        data={bytes}
        scale={1.25}
        pageLabel={(page, count) => `Page ${page} of ${count}`}
        loadingText="Drawing the pages…"
        failedText="The pages could not be drawn."
        renderOverlay={(page, index) => <button type="button" style={{ left: `${page.boxOf({ x: 60, y: 0, width: 10, height: 10 }).left}px` }}>{`Mark ${index + 1}`}</button>}
        onReady={onReady}
        />
      </WithPdfPages>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Drawing the pages…');
    const pages = await screen.findAllByRole('group', { name: /^Page \d of 3$/ });
    expect(pages.map((page) => page.getAttribute('data-page'))).toEqual(['1', '2', '3']);
    expect(within(pages[1] as HTMLElement).getByRole('button', { name: 'Mark 2' })).toBeInTheDocument();
    // Told from an effect after the pages are committed, which React may run a moment after they show.
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
    // Fitted pages shrink to the width available, up to their drawn width.
    expect((pages[0] as HTMLElement).style.maxWidth).toBe('750px');

    // One page is drawn at a time, in order.
    await waitFor(() => expect(doc.draws.map((d) => d.index)).toEqual([0]));
    doc.draws[0]?.done();
    await waitFor(() => expect(doc.draws.map((d) => d.index)).toEqual([0, 1]));
    doc.draws[1]?.done();
    await waitFor(() => expect(doc.draws.map((d) => d.index)).toEqual([0, 1, 2]));
    expect(doc.draws[0]?.scale).toBeCloseTo(1.25 * Math.min(2, window.devicePixelRatio || 1));

    unmount();
    await waitFor(() => expect(doc.destroyed).toBe(1));
  });

  it('keeps the drawn width when not fitted, and says when the PDF cannot be drawn', async () => {
    doc.pageCount = 1;
    const { rerender } = renderWithProviders(
      <WithPdfPages open={open}>
        <PdfPageViewer data={bytes} scale={2} fit={false} pageLabel={() => 'The page'} loadingText="Loading" failedText="Cannot draw it." />
      </WithPdfPages>,
    );
    const page = await screen.findByRole('group', { name: 'The page' });
    expect(page.style.width).toBe('1200px');
    expect(page.style.maxWidth).toBe('none');

    doc.fail = true;
    rerender(
      <WithPdfPages open={open}>
        <PdfPageViewer data={new Uint8Array([1])} scale={2} pageLabel={() => 'The page'} loadingText="Loading" failedText="Cannot draw it." />
      </WithPdfPages>,
    );
    expect(await screen.findByText('Cannot draw it.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'The page' })).not.toBeInTheDocument();
  });
});
