/**
 * Helpers of the signing journey: what a signer does on the signing page (`/sign?token=…`) by its accessible names,
 * what the administrator does on the Signing screen, and the byte ranges a PDF signature covers.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { defaultLabels as L, fillLabel } from '../../../src/query/labels';
import { fillCount } from '../../../src/labels/format';

/** The signing page's accessible names and texts. */
export const SIGN_PAGE = {
  drawTab: 'Draw',
  typeTab: 'Type',
  pad: 'Signature pad',
  clear: 'Clear',
  typedName: 'Type your full name',
  agree: 'I agree to sign this document electronically',
  sign: 'Sign',
  decline: 'Decline',
  declineReason: 'Reason for declining',
  confirmDecline: 'Decline to sign',
  done: /^Thank you, you have signed\./,
  declined: /^You declined to sign\./,
  notYourTurn: /It is not your turn to sign yet/,
} as const;

/** Long waits: the machine running the journey may be loaded. */
export const WAIT = { timeout: 30_000 } as const;
/** A page's first load (its route's chunk and its data) on a loaded machine. */
export const FIRST_LOAD = { timeout: 60_000 } as const;

/** Opens a signer's link and waits for the server's answer to the page's `Open` call. */
export async function openSignerLink(page: Page, link: string): Promise<Response> {
  const [opened] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/Signing/Open' && r.request().method() === 'POST', FIRST_LOAD),
    page.goto(link),
  ]);
  return opened;
}

/** Waits until the document's pages are laid out (their boxes are sized when pdf.js has read the file). */
async function waitForPages(page: Page): Promise<void> {
  const first = new RegExp(`^${fillLabel(L.sdPageLabel, { page: 1, count: '\\d+' })}$`);
  await page.getByRole('group', { name: first }).first().waitFor(WAIT);
}

/** Ticks the agreement and presses 'Sign' once the page says nothing is missing; resolves with the server's answer. */
async function agreeAndSign(page: Page): Promise<Response> {
  const agree = page.getByRole('checkbox', { name: SIGN_PAGE.agree });
  await agree.check(WAIT);
  const sign = page.getByRole('button', { name: SIGN_PAGE.sign, exact: true });
  await expect.poll(() => sign.getAttribute('aria-disabled'), WAIT).toBeNull();
  // Signing the last signature seals the document before the server answers: a slow answer on a loaded machine.
  const [signed] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/Signing/Sign' && r.request().method() === 'POST', { timeout: 90_000 }),
    sign.click(WAIT),
  ]);
  return signed;
}

/** How much ink the signature pad holds (sampled pixels that are not transparent). */
function inkOn(pad: Locator): Promise<number> {
  return pad.evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 3; i < data.length; i += 4 * 3) if ((data[i] ?? 0) > 0) ink++;
    return ink;
  });
}

/**
 * Draws a signature on the pad with the mouse (a loop and an underline), then signs. The strokes go where the pad is
 * at that moment; should the page have moved under them (a late layout change), the pad stays empty and the strokes
 * are drawn again where it is now.
 */
export async function signByDrawing(page: Page): Promise<Response> {
  await waitForPages(page);
  await page.getByRole('tab', { name: SIGN_PAGE.drawTab }).click(WAIT);
  const pad = page.getByLabel(SIGN_PAGE.pad);
  for (let attempt = 1; ; attempt++) {
    await pad.scrollIntoViewIfNeeded(WAIT);
    const box = await pad.boundingBox();
    if (!box) throw new Error('The signature pad has no box on the page.');
    const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
    const strokes: (readonly [number, number])[][] = [
      [at(0.1, 0.6), at(0.2, 0.3), at(0.3, 0.7), at(0.45, 0.25), at(0.6, 0.65), at(0.75, 0.3), at(0.9, 0.55)],
      [at(0.15, 0.85), at(0.5, 0.8), at(0.85, 0.85)],
    ];
    for (const stroke of strokes) {
      const [start, ...rest] = stroke;
      if (!start) continue;
      await page.mouse.move(start[0], start[1]);
      await page.mouse.down();
      for (const [x, y] of rest) await page.mouse.move(x, y, { steps: 8 });
      await page.mouse.up();
    }
    if ((await inkOn(pad)) > 50) break;
    if (attempt === 3) throw new Error('Three drawings left the signature pad empty.');
  }
  return agreeAndSign(page);
}

/** Types a signature (the full name), waits for its preview, then signs. */
export async function signByTyping(page: Page, fullName: string): Promise<Response> {
  await waitForPages(page);
  await page.getByRole('tab', { name: SIGN_PAGE.typeTab }).click(WAIT);
  await page.getByLabel(SIGN_PAGE.typedName).fill(fullName, WAIT);
  await page.getByRole('img', { name: fillLabel(L.sdTypedPreview, { name: fullName }), exact: true }).waitFor(WAIT);
  return agreeAndSign(page);
}

/** Declines with a reason through the page's dialog; resolves with the server's answer to `Decline`. */
export async function declineToSign(page: Page, reason: string): Promise<Response> {
  await page.getByRole('button', { name: SIGN_PAGE.decline, exact: true }).click(WAIT);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(SIGN_PAGE.declineReason).fill(reason, WAIT);
  const [declined] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/Signing/Decline' && r.request().method() === 'POST', WAIT),
    dialog.getByRole('button', { name: SIGN_PAGE.confirmDecline, exact: true }).click(WAIT),
  ]);
  return declined;
}

/** How the Signing screen names an instance: its form's name and the end of its id. */
export const envelopeName = (formName: string, formInstanceId: string): string => `${formName} ${formInstanceId.slice(-8)}`;

/** The Signing screen's table row of an instance's envelope (the row shows the end of the instance's id). */
export function envelopeRow(page: Page, formInstanceId: string): Locator {
  return page.getByRole('table', { name: L.sgTitle }).locator('tbody tr').filter({ hasText: formInstanceId.slice(-8) });
}

/**
 * Requests a signature on the Signing screen: the instance picked by its name in the dialog; the signer its answers
 * name (`suggested`) awaited in the first row, so nothing is typed into a box the dialog is about to fill; the signers
 * entered row by row (a row added for each after the first; the dialog numbers each new row's order one past the
 * highest), each row read back before the message is typed; 'Send'; waits for the toast.
 */
export async function requestSignatureThroughDialog(
  page: Page,
  input: {
    instanceName: string;
    suggested: { name: string; email: string } | null;
    signers: readonly { name: string; email: string; routingOrder: number }[];
    message: string;
  },
): Promise<void> {
  await page.getByRole('button', { name: L.sgRequest, exact: true }).click(WAIT);
  const dialog = page.getByRole('dialog', { name: L.sgRequestTitle });
  await dialog.waitFor(WAIT);
  const instance = dialog.getByRole('combobox', { name: L.sgInstance });
  await instance.click(WAIT);
  await instance.fill(input.instanceName.slice(-8), WAIT);
  await page.getByRole('option', { name: input.instanceName, exact: true }).click(WAIT);
  const rowOf = (index: number) => dialog.getByRole('group', { name: fillLabel(L.sgSignerRow, { index: index + 1 }), exact: true });
  const boxes = (index: number) => {
    const row = rowOf(index);
    return [row.getByRole('textbox', { name: L.sgSignerName }), row.getByRole('textbox', { name: L.sgSignerEmail }), row.getByRole('textbox', { name: L.sgSignerOrder })] as const;
  };
  const valuesOf = async (index: number) => Promise.all(boxes(index).map((box) => box.inputValue()));
  if (input.suggested) {
    const { name, email } = input.suggested;
    await expect.poll(() => valuesOf(0), { timeout: WAIT.timeout, message: "the first signer row shows the signer the instance's answers name" }).toEqual([name, email, '1']);
  }
  for (const [index, signer] of input.signers.entries()) {
    if (index > 0) await dialog.getByRole('button', { name: L.sgAddSigner, exact: true }).click(WAIT);
    const [name, email, order] = boxes(index);
    await name.fill(signer.name, WAIT);
    await email.fill(signer.email, WAIT);
    if ((await order.inputValue()) !== String(signer.routingOrder)) await order.fill(String(signer.routingOrder), WAIT);
  }
  for (const [index, signer] of input.signers.entries()) {
    expect(await valuesOf(index), `signer row ${index + 1} holds what was typed`).toEqual([signer.name, signer.email, String(signer.routingOrder)]);
  }
  await dialog.getByRole('textbox', { name: L.sgMessage }).fill(input.message, WAIT);
  await dialog.getByRole('button', { name: L.sgSend, exact: true }).click(WAIT);
  await page.getByText(fillCount(L.sgRequested, L.sgRequestedOne, input.signers.length, 'en-US'), { exact: true }).first().waitFor(WAIT);
  await dialog.waitFor({ state: 'hidden', ...WAIT });
}

/**
 * Copies a signer's link from the Signing screen (the row's 'More actions' menu, 'Copy link of …') and reads it back
 * from the clipboard (the context needs the clipboard permissions).
 */
export async function copySignerLink(page: Page, envelope: string, signerName: string): Promise<string> {
  await page.getByRole('button', { name: fillLabel(L.sgMoreActions, { name: envelope }), exact: true }).click(WAIT);
  await page.getByRole('menuitem', { name: fillLabel(L.sgCopyLink, { signer: signerName }), exact: true }).click(WAIT);
  await page.getByText(fillLabel(L.sgLinkCopied, { signer: signerName }), { exact: true }).first().waitFor(WAIT);
  return page.evaluate(() => navigator.clipboard.readText());
}

/** The `/ByteRange [a b c d]` of a PDF's (last) signature: the two byte ranges the signature covers. */
export function signedByteRanges(pdf: Uint8Array): [start: number, length: number][] {
  const text = Buffer.from(pdf).toString('latin1');
  const all = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = all.at(-1);
  if (!last) throw new Error('The PDF has no /ByteRange: it is not signed.');
  const [a, b, c, d] = last.slice(1, 5).map(Number) as [number, number, number, number];
  return [
    [a, b],
    [c, d],
  ];
}

/** How many images each page of a PDF draws (poppler's `pdfimages -list`; alpha masks not counted), by page index from 0. */
export function imagesPerPage(pdf: Uint8Array): Map<number, number> {
  const dir = mkdtempSync(join(tmpdir(), 'pdfimages-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    const list = execFileSync('pdfimages', ['-list', join(dir, 'doc.pdf')], { encoding: 'utf8' });
    const counts = new Map<number, number>();
    for (const row of list.split('\n').slice(2)) {
      const [page, , type] = row.trim().split(/\s+/);
      if (type !== 'image') continue;
      const index = Number(page) - 1;
      counts.set(index, (counts.get(index) ?? 0) + 1);
    }
    return counts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
