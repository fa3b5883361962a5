import {
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFStream,
  type PDFPage,
} from 'pdf-lib';
import {
  IDENTITY,
  interpret,
  multiply,
  OperatorBudgetError,
  unitSquareBounds,
  type Budget,
  type DrawnImage,
  type Matrix,
  type TextRun,
} from './content-stream';
import {
  contentStreams,
  dictAt,
  fontEmbedded,
  lookup,
  N,
  nameAt,
  numberAt,
  streamBytes,
} from './pdf-objects';

/** Limits of one inspection, so a hostile file runs out of budget instead of the worker. */
export interface InspectLimits {
  /** Pages whose geometry, fonts and images are read (the page count is always given). */
  maxPages: number;
  /** Content-stream operators interpreted in the whole document. */
  maxOperators: number;
  /** Bytes one decompressed content stream may have (a zip bomb stops here). */
  maxStreamBytes: number;
  /** Nesting of form XObjects followed. */
  maxFormDepth: number;
}

export const DEFAULT_INSPECT_LIMITS: InspectLimits = {
  maxPages: 2000,
  maxOperators: 5_000_000,
  maxStreamBytes: 32 * 1024 * 1024,
  maxFormDepth: 12,
};

export type OpenProblem = 'not-pdf' | 'encrypted' | 'truncated' | 'unreadable';

export interface PageGeometry {
  /** The media box after the page's rotation, in points. */
  widthPt: number;
  heightPt: number;
  /** The trim box when the file sets one (after rotation), in points. */
  trim: { widthPt: number; heightPt: number } | null;
}

export interface FontUse {
  name: string;
  embedded: boolean;
  /** The first page (1-based) using it. */
  page: number;
}

export interface ImageUse {
  page: number;
  name: string;
  widthPx: number;
  heightPx: number;
  /** The effective resolution as drawn (the lower of the two axes), rounded. */
  dpi: number;
}

export interface PdfInspection {
  pageCount: number;
  pages: PageGeometry[];
  fonts: FontUse[];
  images: ImageUse[];
  /** Pages whose content could not be read (unknown filter, damaged data, over budget). */
  unreadablePages: number[];
  /** The reading direction the file itself declares (ViewerPreferences /Direction). */
  declaredDirection: 'L2R' | 'R2L' | null;
  /** What page 1 draws, relative to its media box's lower left corner (for covers). */
  firstPage: { texts: TextRun[]; images: DrawnImage[] };
}

export class PdfOpenError extends Error {
  constructor(
    readonly problem: OpenProblem,
    detail: string,
  ) {
    super(detail);
    this.name = 'PdfOpenError';
  }
}

/** Loads a PDF, telling apart a file that is not a PDF, an encrypted one and a damaged one. */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocument> {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new PdfOpenError('not-pdf', 'no %PDF- header');
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 2048))).toString('latin1');
  if (!tail.includes('%%EOF')) throw new PdfOpenError('truncated', 'no %%EOF marker at the end');
  try {
    const doc = await PDFDocument.load(bytes, {
      ignoreEncryption: false,
      throwOnInvalidObject: false,
      updateMetadata: false,
    });
    // A damaged cross-reference can load as an empty document.
    if (doc.getPageCount() === 0) throw new PdfOpenError('unreadable', 'no pages found');
    return doc;
  } catch (error) {
    if (error instanceof PdfOpenError) throw error;
    // pdf-lib's error classes do not survive its ES5 build as `instanceof` targets: match the name too.
    if (
      error instanceof EncryptedPDFError ||
      (error instanceof Error && /is encrypted/i.test(error.message))
    )
      throw new PdfOpenError('encrypted', 'the file is encrypted');
    throw new PdfOpenError(
      'unreadable',
      error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : 'unreadable',
    );
  }
}

function rotated(page: PDFPage, width: number, height: number) {
  const angle = ((page.getRotation().angle % 360) + 360) % 360;
  return angle === 90 || angle === 270 ? { w: height, h: width } : { w: width, h: height };
}

function geometry(page: PDFPage): PageGeometry {
  const media = page.getMediaBox();
  const size = rotated(page, media.width, media.height);
  let trim: PageGeometry['trim'] = null;
  if (page.node.TrimBox()) {
    const box = page.getTrimBox();
    const t = rotated(page, box.width, box.height);
    trim = { widthPt: t.w, heightPt: t.h };
  }
  return { widthPt: size.w, heightPt: size.h, trim };
}

/** Where a content stream runs: its page, the page's media box corner, its resources, its nesting. */
interface ContentScope {
  resources: PDFDict | undefined;
  pageNumber: number;
  origin: { x: number; y: number };
  /** Form XObjects entered to reach this stream (0: the page's own content). */
  depth: number;
}

/** The form XObject's own matrix (/Matrix), or the identity. */
function formMatrix(form: PDFStream): Matrix {
  const matrix = lookup(form.dict, N.Matrix);
  return matrix instanceof PDFArray && matrix.size() === 6
    ? (matrix
        .asArray()
        .map((v) => (v instanceof PDFNumber ? v.asNumber() : 0)) as unknown as Matrix)
    : IDENTITY;
}

/** One inspection's operator budget and findings, shared by every page and form it reads. */
class PdfInspector {
  private readonly budget: Budget;
  readonly fonts = new Map<PDFDict, FontUse>();
  private readonly seenResources = new Set<PDFDict>();
  readonly images: ImageUse[] = [];
  readonly unreadablePages: number[] = [];
  readonly firstPage: PdfInspection['firstPage'] = { texts: [], images: [] };

  constructor(private readonly limits: InspectLimits) {
    this.budget = { operators: limits.maxOperators };
  }

  /** Reads one page's content (fonts, images, page 1's layout); answers its geometry. */
  inspectPage(page: PDFPage, index: number): PageGeometry {
    const pageNumber = index + 1;
    const media = page.getMediaBox();
    const origin = { x: media.x, y: media.y };
    const resources = page.node.Resources();
    try {
      for (const stream of contentStreams(page)) {
        const bytes = streamBytes(stream, this.limits.maxStreamBytes);
        if (!bytes) {
          this.unreadablePages.push(pageNumber);
          continue;
        }
        this.runContent(bytes, IDENTITY, { resources, pageNumber, origin, depth: 0 });
      }
      this.collectFonts(resources, pageNumber);
    } catch (error) {
      if (error instanceof OperatorBudgetError) {
        this.unreadablePages.push(pageNumber);
      } else if (error instanceof RangeError || error instanceof Error) {
        // zlib's output limit, a damaged stream: the page's content cannot be read.
        this.unreadablePages.push(pageNumber);
      } else throw error;
    }
    return geometry(page);
  }

  private collectFonts(resources: PDFDict | undefined, pageNumber: number): void {
    if (!resources || this.seenResources.has(resources)) return;
    this.seenResources.add(resources);
    const fontDict = dictAt(resources, N.Font);
    if (!fontDict) return;
    for (const key of fontDict.keys()) {
      const font = dictAt(fontDict, key);
      if (!font || this.fonts.has(font)) continue;
      this.fonts.set(font, {
        name: nameAt(font, N.BaseFont) ?? key.decodeText(),
        embedded: fontEmbedded(font),
        page: pageNumber,
      });
    }
  }

  private runContent(data: Uint8Array, ctm: Matrix, scope: ContentScope): void {
    const { resources, pageNumber, origin } = scope;
    this.collectFonts(resources, pageNumber);
    const xobjects = resources ? dictAt(resources, N.XObject) : undefined;
    interpret(
      data,
      ctm,
      {
        xobject: (name, at) => {
          const target = xobjects ? lookup(xobjects, PDFName.of(name)) : undefined;
          if (!(target instanceof PDFStream)) return;
          const subtype = nameAt(target.dict, N.Subtype);
          if (subtype === 'Image') {
            this.drawImage(target, name, at, scope);
          } else if (subtype === 'Form' && scope.depth < this.limits.maxFormDepth) {
            this.runForm(target, at, scope);
          }
        },
        text: (run) => {
          if (pageNumber === 1 && this.firstPage.texts.length < 5000)
            this.firstPage.texts.push({
              ...run,
              x: run.x - origin.x,
              xEnd: run.xEnd - origin.x,
              y: run.y - origin.y,
            });
        },
      },
      this.budget,
    );
  }

  private drawImage(image: PDFStream, name: string, at: Matrix, scope: ContentScope): void {
    const { pageNumber, origin } = scope;
    const bounds = unitSquareBounds(at);
    if (pageNumber === 1)
      this.firstPage.images.push({
        name,
        ...bounds,
        xMin: bounds.xMin - origin.x,
        xMax: bounds.xMax - origin.x,
        yMin: bounds.yMin - origin.y,
        yMax: bounds.yMax - origin.y,
      });
    const widthPx = numberAt(image.dict, N.Width);
    const heightPx = numberAt(image.dict, N.Height);
    const mask = lookup(image.dict, N.ImageMask);
    // A stencil mask or an image drawn under 2 pt has no resolution worth checking.
    if (!widthPx || !heightPx || bounds.widthPt < 2 || bounds.heightPt < 2) return;
    if (mask && mask.toString() === 'true') return;
    const dpi = Math.min((widthPx * 72) / bounds.widthPt, (heightPx * 72) / bounds.heightPt);
    this.images.push({ page: pageNumber, name, widthPx, heightPx, dpi: Math.round(dpi) });
  }

  private runForm(form: PDFStream, at: Matrix, scope: ContentScope): void {
    const bytes = streamBytes(form, this.limits.maxStreamBytes);
    if (!bytes) return;
    const m = formMatrix(form);
    const resources = dictAt(form.dict, N.Resources) ?? scope.resources;
    this.runContent(bytes, multiply(m, at), { ...scope, resources, depth: scope.depth + 1 });
  }
}

/** Reads what the checks need: geometry, fonts, images with their resolution, page 1's layout. */
export function inspectPdf(
  doc: PDFDocument,
  limits: InspectLimits = DEFAULT_INSPECT_LIMITS,
): PdfInspection {
  const pageCount = doc.getPageCount();
  const pages = doc.getPages().slice(0, limits.maxPages);
  const inspector = new PdfInspector(limits);
  const geometries = pages.map((page, index) => inspector.inspectPage(page, index));

  const preferences = dictAt(doc.catalog, N.ViewerPreferences);
  const direction = preferences ? nameAt(preferences, N.Direction) : undefined;

  return {
    pageCount,
    pages: geometries,
    fonts: [...inspector.fonts.values()],
    images: inspector.images,
    unreadablePages: [...new Set(inspector.unreadablePages)],
    declaredDirection: direction === 'R2L' || direction === 'L2R' ? direction : null,
    firstPage: inspector.firstPage,
  };
}
