/**
 * The little of fontkit (pdfkit's font engine, a dependency of the worker for this) that
 * `pdf-page.ts` uses: open a font file once; pdfkit takes the opened font in `registerFont`.
 */
declare module 'fontkit' {
  export interface Font {
    layout(text: string, features?: unknown): unknown;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
