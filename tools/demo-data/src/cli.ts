#!/usr/bin/env tsx
/**
 * Loads the demo catalogue: `tsx tools/demo-data/src/cli.ts --uri mongodb://127.0.0.1:27027/mechabrim
 * [--books 10000] [--data-dir .data] [--reset] [--no-covers]`. Without `--reset` a non-empty
 * database is left alone. `--uri` defaults to MONGODB_URI.
 */
import { parseArgs } from 'node:util';
import { seedDemoData } from './seed';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      uri: { type: 'string' },
      books: { type: 'string' },
      authors: { type: 'string' },
      'data-dir': { type: 'string' },
      reset: { type: 'boolean', default: false },
      'no-covers': { type: 'boolean', default: false },
    },
  });
  const uri = values.uri ?? process.env.MONGODB_URI;
  if (!uri) throw new Error('give --uri mongodb://host:port/db (or set MONGODB_URI)');
  const number = (v: string | undefined, name: string) => {
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v)) throw new Error(`--${name} must be a whole number`);
    return Number(v);
  };
  const started = Date.now();
  const summary = await seedDemoData(uri, {
    books: number(values.books, 'books'),
    authors: number(values.authors, 'authors'),
    dataDir: values['data-dir'],
    reset: values.reset,
    covers: !values['no-covers'],
    log: (m) => process.stdout.write(`${m}\n`),
  });
  process.stdout.write(`${JSON.stringify({ ...summary, ms: Date.now() - started })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`seed failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
