import type { DemoAccount } from './banner';

// Loaded on demand: mongoose and the catalogue are only needed when a stack seeds.
const loadDemoData = () => import('@mechabrim/demo-data');

/**
 * Loads the demo catalogue and accounts (covers under `<dataDir>/covers`) into an empty database;
 * a database that has data is left alone, so what a developer did survives restarts. Resolves
 * true when it seeded.
 */
export async function seedIfEmpty(uri: string, dataDir: string): Promise<boolean> {
  const { isDatabaseEmpty, seedDemoData } = await loadDemoData();
  if (!(await isDatabaseEmpty(uri))) return false;
  await seedDemoData(uri, { dataDir });
  return true;
}

/** The demo accounts tools/demo-data creates, for the start banner. */
export async function demoAccounts(): Promise<DemoAccount[]> {
  const { DEMO_ACCOUNTS } = await loadDemoData();
  return Object.values(DEMO_ACCOUNTS).map(({ role, email, password }) => ({
    role,
    email,
    password,
  }));
}
