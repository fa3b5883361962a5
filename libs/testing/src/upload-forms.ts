import { randomBytes } from 'node:crypto';

/**
 * A book upload form (`POST /api/books`) whose interior is not a PDF, so the API refuses it by its
 * first bytes, followed by `restBytes` of cover file still to come: an answer sent while the body
 * is still arriving.
 */
export async function notPdfUploadForm(
  restBytes: number,
): Promise<{ contentType: string; body: Buffer }> {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    title: 'ספר שנדחה',
    description: 'תיאור קצר',
    price: '59.90',
    category: 'רומן',
    size: 'A5',
    readingFormat: 'rtl',
    paperType: '80g',
    printingType: 'bw',
  }))
    form.append(name, value);
  form.append('pdfFile', new Blob([Buffer.from('this is not a PDF at all')]), 'interior.pdf');
  form.append('coverPdfFile', new Blob([new Uint8Array(randomBytes(restBytes))]), 'cover.pdf');
  const encoded = new Response(form);
  return {
    contentType: encoded.headers.get('content-type') ?? '',
    body: Buffer.from(await encoded.arrayBuffer()),
  };
}
