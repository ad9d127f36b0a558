/**
 * How much a PDF's compressed streams hold once inflated, counted before the PDF library reads the file: a small file
 * whose FlateDecode streams expand a thousandfold (a "decompression bomb") would otherwise be inflated whole into
 * memory by the first read of the stream (an appearance stream read to fill or flatten a field).
 *
 * The bytes are scanned for `stream … endstream` segments whose dictionary names FlateDecode (`/Fl`), and each is
 * inflated with zlib capped at what is left of the budget, one filter stage after another (a stream compressed twice
 * is inflated twice). Counting stops at the first byte past the budget, so the work and memory of the check are
 * bounded by the budget too, whatever the file claims. Other filters are not counted: the worker's time and memory
 * limits bound them.
 *
 * In the PDF worker the count reads the job's stop before each stream and makes each zlib call through it
 * (job-stop.ts), so that a job past its time limit ends here by itself and is never terminated inside zlib.
 */
import { constants, inflateSync } from 'node:zlib';
import { NEVER_STOPPED, PdfJobStopped, type PdfJobStop } from './job-stop';

/** What the count found. */
export interface InflatedSize {
  /** Bytes counted (at most `maxBytes` + 1). */
  bytes: number;
  /** Whether the streams hold more than `maxBytes` once inflated. */
  over: boolean;
}

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');
/** How far before `stream` its dictionary is looked for. */
const DICT_WINDOW = 4096;

/** How many FlateDecode stages a stream dictionary's /Filter names (0 when none). */
function flateStages(dict: string): number {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  if (!filter?.[1]) return 0;
  return (filter[1].match(/\/(FlateDecode|Fl)\b/g) ?? []).length;
}

/** The direct `/Length n` of a stream dictionary, or undefined when indirect or absent. */
function directLength(dict: string): number | undefined {
  const match = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * Counts the inflated size of the FlateDecode streams of `pdf`, stopping past `maxBytes`. Never throws for a damaged
 * stream: what inflates is counted. Throws `PdfJobStopped` when `stop` is asked (checked before each stream).
 */
export function inflatedSize(pdf: Uint8Array, maxBytes: number, stop: PdfJobStop = NEVER_STOPPED): InflatedSize {
  const buffer = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  let total = 0;
  let at = 0;
  for (;;) {
    const keyword = buffer.indexOf(STREAM, at);
    if (keyword === -1) break;
    at = keyword + STREAM.length;
    // `endstream` contains `stream`; only the keyword that opens a stream counts.
    if (keyword >= 3 && buffer.toString('latin1', keyword - 3, keyword) === 'end') continue;
    let start = at;
    if (buffer[start] === 0x0d) start++;
    if (buffer[start] === 0x0a) start++;
    const from = Math.max(0, keyword - DICT_WINDOW);
    const head = buffer.toString('latin1', from, keyword);
    const dictStart = head.lastIndexOf('obj');
    const dict = dictStart === -1 ? head : head.slice(dictStart);
    const stages = flateStages(dict);
    const length = directLength(dict);
    const endKeyword = buffer.indexOf(END_STREAM, start);
    const end = length !== undefined && start + length <= buffer.length ? start + length : endKeyword === -1 ? buffer.length : endKeyword;
    at = Math.max(at, end);
    if (stages === 0) continue;
    stop.check();
    let data: Buffer = buffer.subarray(start, end);
    for (let stage = 0; stage < stages; stage++) {
      const left = maxBytes - total;
      const input = data;
      try {
        data = stop.zlib(() => inflateSync(input, { maxOutputLength: Math.max(1, left + 1), finishFlush: constants.Z_SYNC_FLUSH }));
      } catch (error) {
        if (error instanceof PdfJobStopped) throw error;
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { bytes: maxBytes + 1, over: true };
        break; // damaged or not deflate data: the reader decides what to make of it
      }
      if (stage === stages - 1) total += data.byteLength;
      else if (data.byteLength > left) return { bytes: maxBytes + 1, over: true };
    }
    if (total > maxBytes) return { bytes: total, over: true };
  }
  return { bytes: total, over: false };
}
