// A light PDF worker for pdf-worker-stop.child.ts: only the inflated-size check (inflate.ts), with the job's stop
// (job-stop.ts), answering the pool's messages as the PDF worker does. The child bundles it with esbuild into plain
// JavaScript, so that it starts in milliseconds where the PDF worker takes seconds, and hundreds of jobs can be
// stopped at random instants of the check. With PDF_STOP_TEST_UNGUARDED=1 the check runs without the stop (never
// asked, no zlib call marked): a worker is then terminated wherever its job is, as before the cooperative stop.
import { parentPort, workerData } from 'node:worker_threads';
import { inflatedSize } from '../../example-host/server/pdf/inflate.ts';
import { NEVER_STOPPED, PdfJobStopped, pdfJobStop } from '../../example-host/server/pdf/job-stop.ts';

const unguarded = process.env.PDF_STOP_TEST_UNGUARDED === '1';
parentPort.on('message', (message) => {
  const stop = unguarded ? NEVER_STOPPED : pdfJobStop(workerData.control, message.id);
  try {
    const { over } = inflatedSize(message.input.bytes, message.input.limits.maxInflatedBytes, stop);
    parentPort.postMessage({ id: message.id, result: { ok: !over } });
  } catch (error) {
    parentPort.postMessage(error instanceof PdfJobStopped ? { id: message.id, stopped: 'timeout' } : { id: message.id, error: String(error) });
  }
});
parentPort.postMessage({ ready: true });
