// `npm run env-table`: rewrites the environment table of docs/configuration.md from the schemas;
// `npm run env-table -- --check` exits 1 when that table is out of date.
import { writeFile } from 'node:fs/promises';
import { CONFIGURATION_PATH, generatedConfiguration } from './env-table';

async function main(): Promise<void> {
  const { current, generated } = await generatedConfiguration();
  if (current === generated) {
    process.stdout.write('docs/configuration.md environment table is up to date\n');
    return;
  }
  if (process.argv.includes('--check')) {
    process.stderr.write(
      'docs/configuration.md environment table is out of date: run `npm run env-table`\n',
    );
    process.exit(1);
  }
  await writeFile(CONFIGURATION_PATH, generated);
  process.stdout.write('docs/configuration.md environment table regenerated\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
