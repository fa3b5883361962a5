// `npm run env-table`: rewrites the README's environment table from the schemas;
// `npm run env-table -- --check` exits 1 when the README's table is out of date.
import { writeFile } from 'node:fs/promises';
import { generatedReadme, README_PATH } from './env-table';

async function main(): Promise<void> {
  const { current, generated } = await generatedReadme();
  if (current === generated) {
    process.stdout.write('README.md environment table is up to date\n');
    return;
  }
  if (process.argv.includes('--check')) {
    process.stderr.write('README.md environment table is out of date: run `npm run env-table`\n');
    process.exit(1);
  }
  await writeFile(README_PATH, generated);
  process.stdout.write('README.md environment table regenerated\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
