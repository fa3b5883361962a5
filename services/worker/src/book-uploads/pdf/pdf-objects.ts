import { constants as zlibConstants, inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFObject,
  PDFRawStream,
  PDFStream,
  type PDFPage,
} from 'pdf-lib';

// Reading pdf-lib's objects without trusting the file: a broken reference or a wrong type reads
// as missing, and a compressed stream is inflated within a size limit.

export const N = {
  Resources: PDFName.of('Resources'),
  Font: PDFName.of('Font'),
  XObject: PDFName.of('XObject'),
  Subtype: PDFName.of('Subtype'),
  FontDescriptor: PDFName.of('FontDescriptor'),
  FontFile: PDFName.of('FontFile'),
  FontFile2: PDFName.of('FontFile2'),
  FontFile3: PDFName.of('FontFile3'),
  DescendantFonts: PDFName.of('DescendantFonts'),
  BaseFont: PDFName.of('BaseFont'),
  Width: PDFName.of('Width'),
  Height: PDFName.of('Height'),
  ImageMask: PDFName.of('ImageMask'),
  Matrix: PDFName.of('Matrix'),
  Filter: PDFName.of('Filter'),
  ViewerPreferences: PDFName.of('ViewerPreferences'),
  Direction: PDFName.of('Direction'),
};

export function lookup(dict: PDFDict, key: PDFName): PDFObject | undefined {
  try {
    return dict.lookup(key);
  } catch {
    return undefined;
  }
}

export function dictAt(dict: PDFDict, key: PDFName): PDFDict | undefined {
  const value = lookup(dict, key);
  if (value instanceof PDFDict) return value;
  if (value instanceof PDFStream) return value.dict;
  return undefined;
}

export function nameAt(dict: PDFDict, key: PDFName): string | undefined {
  const value = lookup(dict, key);
  return value instanceof PDFName ? value.decodeText() : undefined;
}

export function numberAt(dict: PDFDict, key: PDFName): number | undefined {
  const value = lookup(dict, key);
  return value instanceof PDFNumber ? value.asNumber() : undefined;
}

/** The decoded bytes of a stream, or null when its filter is not one we read. */
export function streamBytes(
  stream: PDFObject | undefined,
  maxStreamBytes: number,
): Uint8Array | null {
  if (!(stream instanceof PDFStream)) return null;
  if (!(stream instanceof PDFRawStream)) return stream.getContents();
  const filter = lookup(stream.dict, N.Filter);
  const filters =
    filter === undefined
      ? []
      : filter instanceof PDFName
        ? [filter.decodeText()]
        : filter instanceof PDFArray
          ? filter.asArray().map((f) => (f instanceof PDFName ? f.decodeText() : '?'))
          : ['?'];
  let data: Uint8Array = stream.contents;
  for (const name of filters) {
    if (name !== 'FlateDecode' && name !== 'Fl') return null;
    // maxOutputLength stops a decompression bomb; a sync flush reads a cut-off stream as far as
    // it goes instead of throwing.
    data = inflateSync(data, {
      maxOutputLength: maxStreamBytes,
      finishFlush: zlibConstants.Z_SYNC_FLUSH,
    });
  }
  return data;
}

export function contentStreams(page: PDFPage): PDFObject[] {
  let contents: PDFObject | undefined;
  try {
    contents = page.node.Contents();
  } catch {
    return [];
  }
  if (!contents) return [];
  if (contents instanceof PDFArray) {
    const out: PDFObject[] = [];
    for (let i = 0; i < contents.size(); i += 1) {
      const stream = safeAt(contents, i);
      if (stream) out.push(stream);
    }
    return out;
  }
  return [contents];
}

export function fontEmbedded(font: PDFDict): boolean {
  const subtype = nameAt(font, N.Subtype);
  if (subtype === 'Type3') return true; // glyphs are drawn by the file itself
  let descriptorOwner = font;
  if (subtype === 'Type0') {
    const descendants = lookup(font, N.DescendantFonts);
    const first =
      descendants instanceof PDFArray && descendants.size() > 0
        ? safeAt(descendants, 0)
        : undefined;
    if (!(first instanceof PDFDict)) return false;
    descriptorOwner = first;
  }
  const descriptor = dictAt(descriptorOwner, N.FontDescriptor);
  if (!descriptor) return false;
  return [N.FontFile, N.FontFile2, N.FontFile3].some(
    (key) => lookup(descriptor, key) instanceof PDFStream,
  );
}

export function safeAt(array: PDFArray, index: number): PDFObject | undefined {
  try {
    return array.lookup(index);
  } catch {
    return undefined;
  }
}
