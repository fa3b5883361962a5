// pdf.js ships no types for its worker bundle; the reader only hands the module to pdf.js.
declare module 'pdfjs-dist/build/pdf.worker.min.mjs' {
  export const WorkerMessageHandler: unknown;
}
