// The workspace folders the root package.json names, shared by the root Jest configuration (which
// finds its projects there) and the check that each project lists its dependencies
// (tools/env-table/src/project-dependencies.spec.ts).
const { existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

/**
 * The folders the root package.json's workspaces name ("libs/*" expanded one level), relative to
 * `root`.
 * @param {string} root
 * @returns {string[]}
 */
function workspaceFolders(root) {
  const { workspaces = [] } = require(join(root, 'package.json'));
  return workspaces.flatMap((/** @type {string} */ pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    if (!existsSync(join(root, parent))) return [];
    return readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${parent}/${entry.name}`);
  });
}

module.exports = { workspaceFolders };
