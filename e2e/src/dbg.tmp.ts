import { request } from 'node:http';
import { startStack } from '@mechabrim/launcher';
import { notPdfUploadForm } from '@mechabrim/testing';

async function main() {
  const stack = await startStack({ seed: false });
  try {
    const reg = await fetch(`${stack.urls.api}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'רות אלון', email: 'dbg@example.com', password: 'Sefer#2024', role: 'author', agreeToTerms: true, agreeToAuthorsTerms: true }) });
    const token = ((await reg.json()) as any).token;
    const form = await notPdfUploadForm(8 << 20);
    for (const base of [stack.urls.api, stack.urls.shell]) {
      for (let i = 0; i < 3; i++) {
        await new Promise<void>((resolve) => {
          const t0 = Date.now();
          const req = request(new URL('/api/books', base), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType, 'content-length': form.body.length } });
          req.on('response', (res) => { let b = ''; res.on('data', (c) => (b += c)); res.on('end', () => { console.log(base, 'status', res.statusCode, res.headers.connection, b.slice(0, 80), Date.now() - t0); }); });
          req.on('error', (e) => console.log(base, 'error', String(e), Date.now() - t0));
          req.on('close', () => setTimeout(resolve, 200));
          req.end(form.body);
        });
      }
    }
  } finally { await stack.stop(); }
}
main();
