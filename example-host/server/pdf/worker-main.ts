/**
 * The PDF worker thread's entry: runs each job posted to it (worker-tasks.ts) and answers it by id. The server
 * bounds its memory (`resourceLimits`) and asks a job to stop at its time limit through the shared control passed
 * as `workerData` (job-stop.ts): the job ends itself and is answered as stopped; the server terminates the worker
 * only when the job does not end in time (worker.ts). Built as `pdf-worker.js` beside the built server; from the
 * sources, parse-worker.mjs loads it through tsx.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PdfJobStopped, pdfJobStop, type PdfJobControl } from './job-stop';
import { runPdfJob, type PdfJobMessage } from './worker-tasks';

const port = parentPort;
if (!port) throw new Error('The PDF worker runs in a worker thread only.');
const control = (workerData as { control?: PdfJobControl } | null)?.control;
if (!(control instanceof Int32Array)) throw new Error('The PDF worker needs its shared control (workerData.control).');

/** The buffers of an answer's bytes, moved to the server's thread rather than copied. */
function transferOf(result: unknown): ArrayBuffer[] {
  const bytes = (result as { bytes?: unknown } | null)?.bytes;
  return bytes instanceof Uint8Array && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
    ? [bytes.buffer]
    : [];
}

/**
 * A one-field form read once before the worker says it is ready: the first read of an upload then runs the reader's
 * code already compiled, not cold (a few hundred milliseconds less).
 */
function warmUpPdf(): Uint8Array<ArrayBuffer> {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [4 0 R] >> >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>',
    '<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /Rect [50 700 300 720] /P 3 0 R >>',
  ];
  let text = '%PDF-1.7\n';
  const offsets = objects.map((body, i) => {
    const at = text.length;
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${text.length}\n%%EOF\n`;
  return new TextEncoder().encode(text);
}

const warmUp = warmUpPdf();
// As an upload arrives: a multipart body parsed here, then read (the multipart parser's code warmed too).
const warmForm = new FormData();
warmForm.append('Pdf', new Blob([warmUp], { type: 'application/pdf' }), 'warm-up.pdf');
const warmRequest = new Request('http://warm-up.invalid/', { method: 'POST', body: warmForm });
await runPdfJob({
  id: 0,
  kind: 'upload',
  input: {
    body: new Uint8Array(await warmRequest.arrayBuffer()),
    contentType: warmRequest.headers.get('content-type') ?? '',
    limits: { maxPages: 1, maxFields: 1, maxInflatedBytes: 1024 * 1024 },
  },
}).catch(() => undefined);
await runPdfJob({ id: 0, kind: 'fill', input: { bytes: warmUp, values: { name: 'x' }, flatten: true, limits: { maxInflatedBytes: 1024 * 1024 } } }).catch(() => undefined);

port.on('message', (message: PdfJobMessage) => {
  runPdfJob(message, pdfJobStop(control, message.id)).then(
    (result) => port.postMessage({ id: message.id, result }, transferOf(result)),
    (error: unknown) =>
      port.postMessage(
        error instanceof PdfJobStopped ? { id: message.id, stopped: 'timeout' } : { id: message.id, error: error instanceof Error ? error.message : String(error) },
      ),
  );
});
port.postMessage({ ready: true });
