import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { withinDeadline } from './deadline';

describe('withinDeadline', () => {
  it('answers what the work answers in time', async () => {
    await expect(withinDeadline(1000, () => Promise.resolve(42))).resolves.toBe(42);
  });

  it('rejects with a TimeoutError and aborts the signal when the work never settles', async () => {
    let seen: AbortSignal | undefined;
    const started = Date.now();
    const error = await withinDeadline(50, (signal) => {
      seen = signal;
      return new Promise<never>(() => undefined);
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('TimeoutError');
    expect(seen?.aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('passes on the work’s own failure, thrown or rejected', async () => {
    await expect(
      withinDeadline(1000, () => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    await expect(withinDeadline(1000, () => Promise.reject(new Error('later')))).rejects.toThrow(
      'later',
    );
  });

  describe('a compressed answer slower than the deadline', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      const body = gzipSync(JSON.stringify({ text: 'א'.repeat(50_000) }));
      server = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        // The body trickles: the deadline passes while it is being read and decompressed.
        let at = 0;
        const step = () => {
          if (at >= body.length) return void response.end();
          response.write(body.subarray(at, at + 500));
          at += 500;
          setTimeout(step, 2);
        };
        step();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('always settles by the deadline, whenever it falls in the body', async () => {
      for (let ms = 5; ms <= 60; ms += 5) {
        let guard: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([
          withinDeadline(ms, async (signal) => (await fetch(url, { signal })).json()).then(
            () => 'answered',
            () => 'timed out',
          ),
          new Promise((resolve) => {
            guard = setTimeout(() => resolve('hung'), ms + 2000);
          }),
        ]);
        clearTimeout(guard);
        expect(outcome).not.toBe('hung');
      }
    });
  });
});
