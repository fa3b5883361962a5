/**
 * Benchmark (issue 12 §12): a 20 MB book upload through `POST /api/books` — its time and the
 * API's peak resident memory while it receives it — beside a tiny upload and `GET /api/books/:id`
 * in the same run, against the built API (production mode, local disk storage) on the embedded
 * MongoDB.
 *
 * The upload streams each file to the storage port as it arrives (checked by its first bytes, cut
 * off past 50 MB), so receiving 20 MB should cost the API little memory beyond its idle size: the
 * figure to watch is the peak RSS over the idle RSS. The API's memory is read from /proc every
 * 10 ms while each upload is in flight. The interior is a real PDF padded with PDF comments to
 * 20 MB; the cover PDF and image are small real files (the image is decoded by the API).
 *
 * Run: `npm run bench:book-upload -w bench` (BENCH_UPLOADS=5, BENCH_UPLOAD_MB=20,
 * BENCH_BASELINE_SAMPLES=50; `--no-build` reuses services/api/dist).
 */
import { coverPdf, interiorPdf, pngImage } from '@mechabrim/testing';
import { seedDemoData } from '@mechabrim/demo-data';
import { catalogueBooks, startBenchApi } from './support/api-load';
import { summarizeLatencies } from './support/latency';
import { rssMb } from './support/process';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 5);
const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 20);
const BASELINE_SAMPLES = Number(process.env.BENCH_BASELINE_SAMPLES ?? 50);
const MB = 1024 * 1024;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (value: number) => `${value.toFixed(1)} MB`;

/** A real PDF padded with comment lines to `bytes` (a PDF reader skips them). */
async function paddedPdf(bytes: number): Promise<Buffer> {
  const pdf = await interiorPdf({ pages: 40 });
  const line = Buffer.from(`%${'x'.repeat(1022)}\n`, 'latin1');
  const lines = Math.max(0, Math.ceil((bytes - pdf.length) / line.length));
  return Buffer.concat([pdf, ...Array.from({ length: lines }, () => line)]).subarray(
    0,
    Math.max(bytes, pdf.length),
  );
}

interface UploadFiles {
  interior: Buffer;
  cover: Buffer;
  image: Buffer;
}

/** One upload: its time to the answer and the API's peak RSS while it was in flight. */
async function upload(
  base: string,
  token: string,
  files: UploadFiles,
  apiPid: number | undefined,
  n: number,
): Promise<{ ms: number; peakMb: number }> {
  const form = new FormData();
  const fields = {
    title: `ספר כבד ${n}`,
    description: 'ספר שהועלה במדידה',
    price: '59.90',
    category: 'רומן',
    tags: 'מדידה',
    size: 'A5',
    readingFormat: 'rtl',
    paperType: '80g',
    printingType: 'bw',
    pages: '40',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('pdfFile', new Blob([new Uint8Array(files.interior)]), 'interior.pdf');
  form.append('coverPdfFile', new Blob([new Uint8Array(files.cover)]), 'cover.pdf');
  form.append('coverImage', new Blob([new Uint8Array(files.image)]), 'cover.png');
  let peakMb = rssMb(apiPid);
  const sampler = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(apiPid));
  }, 10);
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/api/books`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = await res.text();
    if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${body}`);
    return { ms: performance.now() - t0, peakMb: Math.max(peakMb, rssMb(apiPid)) };
  } finally {
    clearInterval(sampler);
  }
}

async function main(): Promise<void> {
  const api = await startBenchApi({
    name: 'book-upload',
    seed: (mongoUri, dataDir) =>
      seedDemoData(mongoUri, { books: 40, reset: true, covers: false, dataDir }),
  });
  try {
    const { base, apiPid } = api;
    const books = await catalogueBooks(base);
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'יוצרת מעלה',
        email: 'upload.author@example.com',
        password: 'Sefer#2024',
        role: 'author',
        agreeToTerms: true,
        agreeToAuthorsTerms: true,
      }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const { token } = (await registered.json()) as { token: string };

    const [big, tiny, cover, image] = await Promise.all([
      paddedPdf(UPLOAD_MB * MB),
      interiorPdf({ pages: 2 }),
      coverPdf({ pages: 40, size: 'A5', paper: '80g', direction: 'rtl' }),
      pngImage(600, 900),
    ]);

    // Baseline: a book page, one request at a time.
    const pageTimes: number[] = [];
    for (let i = 0; i < BASELINE_SAMPLES; i += 1) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/books/${books[i % books.length]?._id ?? ''}`);
      await res.arrayBuffer();
      pageTimes.push(performance.now() - t0);
    }
    // Warm the upload path (first multipart parse, sharp's first decode) with a tiny upload.
    await upload(base, token, { interior: tiny, cover, image }, apiPid, 0);
    await new Promise((r) => setTimeout(r, 500));
    const idleMb = rssMb(apiPid);

    const tinyRuns: { ms: number; peakMb: number }[] = [];
    for (let i = 0; i < UPLOADS; i += 1)
      tinyRuns.push(await upload(base, token, { interior: tiny, cover, image }, apiPid, i + 1));
    const bigRuns: { ms: number; peakMb: number }[] = [];
    for (let i = 0; i < UPLOADS; i += 1)
      bigRuns.push(await upload(base, token, { interior: big, cover, image }, apiPid, i + 100));

    const page = summarizeLatencies(pageTimes);
    const tinySummary = summarizeLatencies(tinyRuns.map((r) => r.ms));
    const bigSummary = summarizeLatencies(bigRuns.map((r) => r.ms));
    const bodyMb = (big.length + cover.length + image.length) / MB;
    const tinyPeak = Math.max(...tinyRuns.map((r) => r.peakMb));
    const bigPeak = Math.max(...bigRuns.map((r) => r.peakMb));
    console.log(
      `book-upload bench: ${UPLOADS} uploads each, one at a time; interior ${mb(big.length / MB)} (a ${mb(bodyMb)} body), tiny interior ${(tiny.length / 1024).toFixed(1)} KB; cover PDF ${(cover.length / 1024).toFixed(1)} KB, image ${(image.length / 1024).toFixed(1)} KB`,
    );
    console.log(
      `GET /api/books/:id (baseline, ${BASELINE_SAMPLES} samples)   p50 ${ms(page.p50)}  p95 ${ms(page.p95)}`,
    );
    console.log(
      `POST /api/books tiny upload               p50 ${ms(tinySummary.p50)}  max ${ms(Math.max(...tinyRuns.map((r) => r.ms)))}  API peak RSS ${mb(tinyPeak)}`,
    );
    console.log(
      `POST /api/books ${UPLOAD_MB} MB upload               p50 ${ms(bigSummary.p50)}  max ${ms(Math.max(...bigRuns.map((r) => r.ms)))}  (${(bodyMb / (bigSummary.p50 / 1000)).toFixed(0)} MB/s)  API peak RSS ${mb(bigPeak)}`,
    );
    console.log(
      `API RSS idle ${mb(idleMb)}; peak while receiving ${UPLOAD_MB} MB: +${mb(bigPeak - idleMb)} over idle (tiny upload: +${mb(tinyPeak - idleMb)})`,
    );
  } finally {
    await api.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
