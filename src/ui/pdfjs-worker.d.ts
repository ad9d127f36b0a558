// pdf.js's worker module has no type declarations: importing it only sets `globalThis.pdfjsWorker`.
declare module 'pdfjs-dist/build/pdf.worker.min.mjs';
