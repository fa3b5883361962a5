// Every project's unit and integration tests in one Jest run (`npm test` runs it with
// --maxWorkers=2). Projects are found, not listed: each workspace folder with a jest.config.cjs.
// The browser journeys (e2e/) run separately, in band, after the build.
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const EXCLUDED = new Set(['e2e']);

/** The folders the root package.json's workspaces name ("libs/*" expanded one level). */
function workspaceFolders(root) {
  const { workspaces = [] } = require(join(root, 'package.json'));
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    if (!existsSync(join(root, parent))) return [];
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);
  });
}

const projects = workspaceFolders(__dirname)
  .filter(
    (folder) => !EXCLUDED.has(folder) && existsSync(join(__dirname, folder, 'jest.config.cjs')),
  )
  .sort()
  .map((folder) => `<rootDir>/${folder}/jest.config.cjs`);

/** @type {import('jest').Config} */
module.exports = { projects };
