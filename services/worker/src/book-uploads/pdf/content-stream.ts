/**
 * A small reader of PDF content streams (ISO 32000-1 §7.8, §8.4, §9.4): enough of the graphics
 * state to know where each image is drawn and at what size (its effective resolution), and where
 * each run of text starts and how large it is (where a cover's title sits). It reads no glyphs
 * and paints nothing. Every loop is bounded by the caller's operator budget. Why this and not
 * pdf.js's operator list: ARCHITECTURE.md decision 17.
 */

/** A PDF transformation matrix [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = readonly [number, number, number, number, number, number];
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `m × n` in PDF's row-vector convention (first m, then n). */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

export function apply(m: Matrix, x: number, y: number): { x: number; y: number } {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

export type Operand = number | string | Operand[] | { name: string } | null;

export interface Operation {
  operator: string;
  operands: Operand[];
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

function isRegular(byte: number): boolean {
  return !WHITESPACE.has(byte) && !DELIMITERS.has(byte);
}

/** Thrown when a stream needs more operators than the budget allows. */
export class OperatorBudgetError extends Error {
  constructor() {
    super('content stream operator budget exhausted');
    this.name = 'OperatorBudgetError';
  }
}

export interface Budget {
  operators: number;
}

/**
 * Splits a content stream into operations. Strings are kept (decoded as Latin-1 — only their
 * length is used), dictionaries are skipped, inline images are stepped over.
 */
export function* operations(data: Uint8Array, budget: Budget): Generator<Operation> {
  let i = 0;
  const n = data.length;
  const stack: Operand[][] = [[]];
  const top = (): Operand[] => stack[stack.length - 1] ?? [];

  while (i < n) {
    const byte = data[i] ?? 0;
    if (WHITESPACE.has(byte)) {
      i += 1;
    } else if (byte === 0x25 /* % */) {
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i += 1;
    } else if (byte === 0x2f /* / */) {
      const start = ++i;
      while (i < n && isRegular(data[i] ?? 0)) i += 1;
      top().push({ name: latin1(data, start, i) });
    } else if (byte === 0x28 /* ( */) {
      const start = i + 1;
      i = literalStringEnd(data, start);
      top().push(latin1(data, start, Math.max(start, i - 1)));
    } else if (byte === 0x3c /* < */ && data[i + 1] === 0x3c) {
      // A dictionary operand (marked content properties): skipped whole, nesting counted.
      i = dictionaryEnd(data, i);
      top().push(null);
    } else if (byte === 0x3c) {
      const start = ++i;
      while (i < n && data[i] !== 0x3e) i += 1;
      const hex = latin1(data, start, i).replace(/\s+/g, '');
      i += 1;
      top().push('x'.repeat(Math.ceil(hex.length / 2)));
    } else if (byte === 0x5b /* [ */) {
      if (stack.length > 32) throw new OperatorBudgetError();
      stack.push([]);
      i += 1;
    } else if (byte === 0x5d /* ] */) {
      const array = stack.length > 1 ? (stack.pop() ?? []) : [];
      top().push(array);
      i += 1;
    } else if (byte === 0x7b || byte === 0x7d || byte === 0x3e || byte === 0x29) {
      i += 1;
    } else {
      const start = i;
      while (i < n && isRegular(data[i] ?? 0)) i += 1;
      const word = latin1(data, start, i);
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
        top().push(Number(word));
      } else if (word === 'true' || word === 'false' || word === 'null') {
        top().push(null);
      } else {
        budget.operators -= 1;
        if (budget.operators < 0) throw new OperatorBudgetError();
        if (word === 'BI') {
          i = skipInlineImage(data, i);
          stack.length = 1;
          stack[0] = [];
          continue;
        }
        const operands = stack[0] ?? [];
        stack.length = 1;
        stack[0] = [];
        yield { operator: word, operands };
      }
    }
  }
}

/** Steps from after a string's `(` past its closing `)` (escapes skipped, nested parentheses counted). */
function literalStringEnd(data: Uint8Array, from: number): number {
  let i = from;
  const n = data.length;
  let depth = 1;
  while (i < n && depth > 0) {
    const c = data[i];
    if (c === 0x5c /* \ */) i += 2;
    else {
      if (c === 0x28) depth += 1;
      else if (c === 0x29) depth -= 1;
      i += 1;
    }
  }
  return i;
}

/** Steps from a dictionary's `<<` past its matching `>>`. */
function dictionaryEnd(data: Uint8Array, from: number): number {
  let i = from;
  const n = data.length;
  let depth = 0;
  while (i < n) {
    if (data[i] === 0x3c && data[i + 1] === 0x3c) {
      depth += 1;
      i += 2;
    } else if (data[i] === 0x3e && data[i + 1] === 0x3e) {
      depth -= 1;
      i += 2;
      if (depth === 0) break;
    } else i += 1;
  }
  return i;
}

/** Steps from after `BI` past the image data to after `EI`. */
function skipInlineImage(data: Uint8Array, from: number): number {
  let i = from;
  const n = data.length;
  while (
    i < n - 1 &&
    !(data[i] === 0x49 && data[i + 1] === 0x44 && WHITESPACE.has(data[i + 2] ?? 0x20))
  )
    i += 1;
  i += 3;
  while (i < n - 1) {
    if (
      data[i] === 0x45 &&
      data[i + 1] === 0x49 &&
      WHITESPACE.has(data[i - 1] ?? 0x20) &&
      (i + 2 >= n || WHITESPACE.has(data[i + 2] ?? 0x20))
    )
      return i + 2;
    i += 1;
  }
  return n;
}

function latin1(data: Uint8Array, start: number, end: number): string {
  return Buffer.from(data.buffer, data.byteOffset + start, Math.max(0, end - start)).toString(
    'latin1',
  );
}

function num(value: Operand | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function matrixOf(operands: Operand[]): Matrix {
  return [
    num(operands[0]),
    num(operands[1]),
    num(operands[2]),
    num(operands[3]),
    num(operands[4]),
    num(operands[5]),
  ];
}

/** An image as drawn on the page: its bounds in page points and its pixel size. */
export interface DrawnImage {
  name: string;
  xMin: number;
  xMax: number;
  yMin: number;
  yMax: number;
  /** Drawn width and height in points (the unit square's images under the CTM). */
  widthPt: number;
  heightPt: number;
}

/** A run of text as shown: its approximate horizontal extent, its baseline, its size in points. */
export interface TextRun {
  x: number;
  xEnd: number;
  y: number;
  sizePt: number;
  chars: number;
  /** The run's baseline turns by more than 45° (text set along a spine). */
  rotated: boolean;
}

export interface ContentVisitor {
  /** `Do` of a named XObject under the current matrix; returns nothing. */
  xobject(name: string, ctm: Matrix): void;
  text(run: TextRun): void;
}

function textLength(operand: Operand | undefined): number {
  if (typeof operand === 'string') return operand.length;
  if (Array.isArray(operand)) return operand.reduce<number>((sum, o) => sum + textLength(o), 0);
  return 0;
}

/** The text state (§9.3, §9.4) as far as placing runs of text needs it. */
class TextState {
  private tm: Matrix = IDENTITY;
  private tlm: Matrix = IDENTITY;
  private fontSize = 0;
  private leading = 0;

  constructor(private readonly visitor: ContentVisitor) {}

  /** Runs a text operator under the current matrix `ctm`; any other operator is left alone. */
  run(operator: string, operands: Operand[], ctm: Matrix): void {
    switch (operator) {
      case 'BT':
        this.tm = IDENTITY;
        this.tlm = IDENTITY;
        break;
      case 'Tf':
        this.fontSize = num(operands[1]);
        break;
      case 'TL':
        this.leading = num(operands[0]);
        break;
      case 'Tm':
        this.tlm = matrixOf(operands);
        this.tm = this.tlm;
        break;
      case 'Td':
        this.nextLine(num(operands[0]), num(operands[1]));
        break;
      case 'TD':
        this.leading = -num(operands[1]);
        this.nextLine(num(operands[0]), num(operands[1]));
        break;
      case 'T*':
        this.nextLine(0, -this.leading);
        break;
      case 'Tj':
      case 'TJ':
        this.show(operands[0], ctm);
        break;
      case "'":
        this.nextLine(0, -this.leading);
        this.show(operands[0], ctm);
        break;
      case '"':
        this.nextLine(0, -this.leading);
        this.show(operands[2], ctm);
        break;
      default:
        break;
    }
  }

  private show(operand: Operand | undefined, ctm: Matrix): void {
    const m = multiply(this.tm, ctm);
    const origin = apply(m, 0, 0);
    const chars = textLength(operand);
    // Half an em per character: a rough advance, enough to place a run on one side or another.
    const end = apply(m, 0.5 * Math.abs(this.fontSize) * chars, 0);
    this.visitor.text({
      x: Math.min(origin.x, end.x),
      xEnd: Math.max(origin.x, end.x),
      y: origin.y,
      sizePt: Math.abs(this.fontSize) * Math.hypot(m[2], m[3]),
      chars,
      rotated: Math.abs(m[1]) > Math.abs(m[0]),
    });
  }

  private nextLine(tx: number, ty: number): void {
    this.tlm = multiply([1, 0, 0, 1, tx, ty], this.tlm);
    this.tm = this.tlm;
  }
}

/**
 * Runs a content stream's graphics and text state, telling the visitor each XObject drawn and
 * each run of text shown.
 */
export function interpret(
  data: Uint8Array,
  start: Matrix,
  visitor: ContentVisitor,
  budget: Budget,
): void {
  let ctm = start;
  const saved: Matrix[] = [];
  const text = new TextState(visitor);

  for (const { operator, operands } of operations(data, budget)) {
    switch (operator) {
      case 'q':
        if (saved.length < 256) saved.push(ctm);
        break;
      case 'Q':
        ctm = saved.pop() ?? ctm;
        break;
      case 'cm':
        ctm = multiply(matrixOf(operands), ctm);
        break;
      case 'Do': {
        const name = operands[0];
        if (name && typeof name === 'object' && 'name' in name) visitor.xobject(name.name, ctm);
        break;
      }
      default:
        text.run(operator, operands, ctm);
        break;
    }
  }
}

/** The bounds of the unit square under `m` (where an image drawn with that matrix lands). */
export function unitSquareBounds(m: Matrix): Omit<DrawnImage, 'name'> {
  const corners = [apply(m, 0, 0), apply(m, 1, 0), apply(m, 0, 1), apply(m, 1, 1)];
  const xs = corners.map((c) => c.x);
  const ys = corners.map((c) => c.y);
  return {
    xMin: Math.min(...xs),
    xMax: Math.max(...xs),
    yMin: Math.min(...ys),
    yMax: Math.max(...ys),
    widthPt: Math.hypot(m[0], m[1]),
    heightPt: Math.hypot(m[2], m[3]),
  };
}
