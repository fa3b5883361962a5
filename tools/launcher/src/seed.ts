import type { DemoAccount } from './banner';

/** What the launcher uses from tools/demo-data. */
interface DemoDataModule {
  seedDemoData(uri: string): Promise<unknown>;
  isDatabaseEmpty(uri: string): Promise<boolean>;
}

function isDemoDataModule(value: unknown): value is DemoDataModule {
  const candidate = value as Partial<DemoDataModule> | null;
  return (
    typeof candidate?.seedDemoData === 'function' && typeof candidate.isDatabaseEmpty === 'function'
  );
}

const DEMO_DATA_PACKAGE = '@mechabrim/demo-data';

async function loadDemoData(): Promise<DemoDataModule> {
  let loaded: unknown;
  try {
    loaded = await import(DEMO_DATA_PACKAGE);
  } catch (error) {
    throw new Error(
      `cannot load @mechabrim/demo-data (tools/demo-data): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  if (!isDemoDataModule(loaded)) {
    throw new Error(
      '@mechabrim/demo-data does not export seedDemoData(uri) and isDatabaseEmpty(uri)',
    );
  }
  return loaded;
}

/**
 * Loads the demo catalogue and accounts into an empty database; a database that has data is
 * left alone, so what a developer did survives restarts. Resolves true when it seeded.
 */
export async function seedIfEmpty(uri: string): Promise<boolean> {
  const demoData = await loadDemoData();
  if (!(await demoData.isDatabaseEmpty(uri))) return false;
  await demoData.seedDemoData(uri);
  return true;
}

/** The demo accounts tools/demo-data creates (its `DEMO_ACCOUNTS` export), for the start banner. */
export async function demoAccounts(): Promise<DemoAccount[]> {
  const loaded = (await import(DEMO_DATA_PACKAGE).catch(() => ({}))) as { DEMO_ACCOUNTS?: unknown };
  if (!Array.isArray(loaded.DEMO_ACCOUNTS)) return [];
  return loaded.DEMO_ACCOUNTS.flatMap((entry: Record<string, unknown>) =>
    typeof entry.email === 'string' && typeof entry.password === 'string'
      ? [
          {
            role: String(entry.role ?? entry.name ?? ''),
            email: entry.email,
            password: entry.password,
          },
        ]
      : [],
  );
}
