import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SigningEnvelope } from '../../src/api/types';
import { SignDocument } from '../../src/signing';
import { seedIds } from '../../src/testing/seed-ids';
import { base, renderInApi, setupFakeApi } from '../admin/support/screen';
import { letterPages, WithPdfPages } from '../support/pdf-pages';

// pdf.js does not run under jsdom: one US Letter page (612 × 792 points) whose drawings are recorded with their scale.
const render = vi.fn((_index: number, _scale: number) => undefined);
const pages = letterPages({ onRender: render });

beforeAll(() => {
  // jsdom has no 2D context: one that accepts every drawing call (the signature pad and the typed signature draw).
  const context = new Proxy(
    { measureText: (text: string) => ({ width: text.length * 20 }), canvas: null as unknown },
    { get: (target, key) => (key in target ? target[key as keyof typeof target] : () => undefined), set: () => true },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => 'data:image/png;base64,iVBORw0KGgo=');
});

setupFakeApi();
const headers = { 'content-type': 'application/json', authorization: 'Bearer fake-user:admin' };

async function call<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function signerToken(): Promise<string> {
  const envelope = await call<SigningEnvelope>('/api/Signing/RequestSignature', {
    formInstanceId: seedIds.formInstances.contactSubmitted,
    signers: [{ name: 'Ada Lovelace', email: 'ada@example.com', routingOrder: 1 }],
  });
  const signer = envelope.signers[0];
  if (!signer) throw new Error('no signer');
  return (await call<{ token: string }>('/api/Signing/GetSignerLink', { envelopeId: envelope.envelopeId, signerId: signer.signerId })).token;
}

describe('SignDocument: zooming the document', () => {
  it('fits the width by default, and a zoom draws the page larger, with the outlines in place and the pages scrolling in their own box', async () => {
    renderInApi(
      <WithPdfPages open={pages}>
        <SignDocument token={await signerToken()} />
      </WithPdfPages>,
    );
    const page = await screen.findByRole('group', { name: 'Page 1 of 1' }, { timeout: 5000 });
    const zoom = screen.getByRole('group', { name: 'Zoom' });
    const fit = within(zoom).getByRole('button', { name: 'Fit width' });
    expect(fit).toHaveAttribute('aria-pressed', 'true');
    // Fitted: as wide as the screen allows, drawn at 1.25 CSS pixels a point; the pages' box is no scroll region.
    expect(page.style.width).toBe('100%');
    expect(page.style.maxWidth).toBe(`${612 * 1.25}px`);
    await waitFor(() => expect(render).toHaveBeenLastCalledWith(0, 1.25));
    const box = page.parentElement as HTMLElement;
    expect(box.style.overflowX).toBe('auto');
    expect(box).not.toHaveAttribute('tabindex');
    const outline = within(page).getByText('Sign here').parentElement as HTMLElement;
    const placed = { left: outline.style.left, top: outline.style.top, width: outline.style.width, height: outline.style.height };
    expect(placed.left).toMatch(/%$/);

    // 150%: the page is drawn at one and a half times its printed size (96 CSS pixels an inch, 72 points), wider
    // than a phone, so its box scrolls sideways (and can be scrolled with the keyboard); the page does not shrink.
    fireEvent.click(within(zoom).getByRole('button', { name: '150%' }));
    expect(within(zoom).getByRole('button', { name: '150%' })).toHaveAttribute('aria-pressed', 'true');
    expect(fit).toHaveAttribute('aria-pressed', 'false');
    const zoomed = screen.getByRole('group', { name: 'Page 1 of 1' });
    expect(zoomed.style.width).toBe(`${612 * (96 / 72) * 1.5}px`);
    expect(zoomed.style.flexShrink).toBe('0');
    await waitFor(() => expect(render).toHaveBeenLastCalledWith(0, (96 / 72) * 1.5));
    const scroller = screen.getByRole('group', { name: /Pages of the document/ });
    expect(scroller).toBe(zoomed.parentElement);
    expect(scroller.style.overflowX).toBe('auto');
    expect(scroller.style.maxWidth).toBe('100%');
    expect(scroller).toHaveAttribute('tabindex', '0');
    // The outline is placed in shares of the page, so it grows with it and keeps its place.
    const outlineZoomed = within(zoomed).getByText('Sign here').parentElement as HTMLElement;
    expect({ left: outlineZoomed.style.left, top: outlineZoomed.style.top, width: outlineZoomed.style.width, height: outlineZoomed.style.height }).toEqual(placed);

    // 100% is the printed size; back to 'Fit width' fits again.
    fireEvent.click(within(zoom).getByRole('button', { name: '100%' }));
    expect(screen.getByRole('group', { name: 'Page 1 of 1' }).style.width).toBe(`${612 * (96 / 72)}px`);
    await waitFor(() => expect(render).toHaveBeenLastCalledWith(0, 96 / 72));
    fireEvent.click(fit);
    expect(screen.getByRole('group', { name: 'Page 1 of 1' }).style.width).toBe('100%');
    expect(screen.queryByRole('group', { name: /Pages of the document/ })).not.toBeInTheDocument();
    await waitFor(() => expect(render).toHaveBeenLastCalledWith(0, 1.25));
  });
});
