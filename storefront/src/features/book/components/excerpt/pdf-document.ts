/** An opened excerpt: its page count and a way to draw one page. */
export interface ExcerptDocument {
  pageCount: number;
  /**
   * Draws page `page` (1-based) on `canvas`, as large as fits in `box` (CSS pixels), sharp on
   * high-density screens, and lays the page's text over it in `textLayer` (when given): the
   * same words, transparent and in place, so they can be selected and read by a screen reader.
   * A draw still running on the canvas is cancelled first.
   */
  renderPage(
    page: number,
    canvas: HTMLCanvasElement,
    box: Box,
    textLayer?: HTMLElement | null,
  ): Promise<void>;
  destroy(): void;
}

export interface Box {
  width: number;
  height: number;
}

type PdfJs = typeof import('pdfjs-dist');
let pdfJs: Promise<PdfJs> | undefined;

/**
 * pdf.js and its worker code, as lazy chunks of this remote (the book page never loads them).
 *
 * The worker's code runs on the page's own thread (pdf.js's "main-thread worker", which it uses
 * when `globalThis.pdfjsWorker` holds the worker module): this remote is served from its own
 * origin, a module worker must come from the page's origin, and pdf.js's cross-origin fallback
 * (a `blob:` wrapper) is refused by the shell's Content-Security-Policy. An excerpt is at most
 * 20 pages, so parsing it here is brief.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfJs ??= (async () => {
    const [lib, worker] = await Promise.all([
      import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist'),
      import(/* webpackChunkName: "pdfjs-worker" */ 'pdfjs-dist/build/pdf.worker.min.mjs'),
    ]);
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = worker;
    return lib;
  })().catch((error: unknown) => {
    pdfJs = undefined; // a chunk that failed to load may load on the next try
    throw error;
  });
  return pdfJs;
}

/** Opens a PDF's bytes with pdf.js. */
export async function openPdf(data: ArrayBuffer): Promise<ExcerptDocument> {
  const lib = await loadPdfJs();
  const task = lib.getDocument({
    data: new Uint8Array(data),
    // The shell's CSP allows neither eval nor fonts from blobs: glyphs are drawn as paths.
    isEvalSupported: false,
    disableFontFace: true,
    enableXfa: false,
    verbosity: lib.VerbosityLevel.ERRORS,
  });
  const pdf = await task.promise;
  const running = new WeakMap<HTMLCanvasElement, { cancel(): void }>();
  /** The latest draw asked of each canvas: an older one still waiting for its page gives up. */
  const latest = new WeakMap<HTMLCanvasElement, number>();
  let draws = 0;
  const texts = new WeakMap<HTMLElement, { cancel(): void }>();
  /** The page's words over the canvas: pdf.js's text layer, in the page's own scale. */
  const layText = async (
    page: Awaited<ReturnType<typeof pdf.getPage>>,
    container: HTMLElement,
    viewport: ReturnType<typeof page.getViewport>,
  ) => {
    texts.get(container)?.cancel();
    container.replaceChildren();
    // pdf.js sizes the layer and its words from this variable (its viewer sets it per page).
    container.style.setProperty('--total-scale-factor', String(viewport.scale));
    const layer = new lib.TextLayer({
      textContentSource: page.streamTextContent(),
      container,
      viewport,
    });
    texts.set(container, layer);
    try {
      await layer.render();
    } catch (error) {
      // A newer page replaced this one, or the page has no text to select: the canvas stands.
      if (texts.get(container) !== layer) return;
      throw error;
    } finally {
      if (texts.get(container) === layer) texts.delete(container);
    }
  };
  return {
    pageCount: pdf.numPages,
    async renderPage(number, canvas, box, textLayer) {
      const draw = (draws += 1);
      latest.set(canvas, draw);
      running.get(canvas)?.cancel();
      if (textLayer) {
        texts.get(textLayer)?.cancel();
        textLayer.replaceChildren();
      }
      const page = await pdf.getPage(number);
      // A newer draw (the room changed as the phone's layout settled) came while this one waited
      // for its page: drawing both on one canvas at once would fail the newer one in pdf.js.
      if (latest.get(canvas) !== draw) return;
      const natural = page.getViewport({ scale: 1 });
      const scale = Math.max(0.1, Math.min(box.width / natural.width, box.height / natural.height));
      const viewport = page.getViewport({ scale });
      const ratio = Math.min(3, window.devicePixelRatio || 1);
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.style.width = `${Math.floor(viewport.width)}px`;
      canvas.style.height = `${Math.floor(viewport.height)}px`;
      const render = page.render({
        canvas,
        viewport,
        ...(ratio !== 1 ? { transform: [ratio, 0, 0, ratio, 0, 0] } : {}),
      });
      running.set(canvas, render);
      try {
        await Promise.all([
          render.promise,
          textLayer ? layText(page, textLayer, viewport) : undefined,
        ]);
      } catch (error) {
        // A newer draw on the same canvas replaced this one.
        if (error instanceof lib.RenderingCancelledException) return;
        throw error;
      } finally {
        if (running.get(canvas) === render) running.delete(canvas);
      }
    },
    destroy() {
      void task.destroy();
    },
  };
}
