// The entry of the child process that reads one uploaded PDF (pdf-sandbox.ts starts it): it gets
// its request over IPC, answers once and exits. Everything a hostile file could do to memory or
// time happens here, where the parent's time and memory limits end it.
import { runPdfJob, type PdfJobRequest } from './pdf-job';

process.once('message', (request: PdfJobRequest) => {
  void runPdfJob(request).then((result) => {
    process.send?.(result, () => process.exit(0));
  });
});
