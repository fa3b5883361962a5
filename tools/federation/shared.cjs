'use strict';
// The one place that decides what the shell and the three remotes share. Every build uses this
// list, so a singleton cannot be forgotten in one remote. Versions come from package.json files:
// third-party packages from the root manifest (what is installed), workspace libs from their own.

const path = require('node:path');

const root = path.resolve(__dirname, '../..');
const rootPkg = require(path.join(root, 'package.json'));

/** Third-party singletons: one instance across all four builds (React hooks, router and query
 * contexts and zustand stores break when duplicated). Subpath entries are listed because
 * federation matches requests exactly: `react/jsx-runtime` is not covered by `react`. */
const THIRD_PARTY = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react/jsx-dev-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  zustand: 'zustand',
  'zustand/vanilla': 'zustand',
};

/** Workspace libraries shared as singletons (the one cart, the one session, the one UI kit, the
 * one router). The router is shared through @mechabrim/routing, not as react-router(-dom): a shared
 * module keeps every export, and react-router's index exports data routers, RSC helpers and
 * server rendering; the lib re-exports only what the front ends use, so react-router is
 * tree-shaken inside its one shared chunk. Nothing else may import react-router(-dom). The same
 * for TanStack Query through @mechabrim/query: nothing else may import @tanstack/react-query. */
const WORKSPACE_LIBS = {
  '@mechabrim/routing': 'libs/routing',
  '@mechabrim/query': 'libs/query',
  '@mechabrim/cart-store': 'libs/cart-store',
  '@mechabrim/session': 'libs/session',
  '@mechabrim/ui': 'libs/ui',
};

function installedVersion(name) {
  try {
    return require(require.resolve(`${name}/package.json`, { paths: [root] })).version;
  } catch {
    return undefined;
  }
}

/**
 * @param {{ eager?: boolean }} [options] eager: bundle the shared modules into the build's first
 *   chunk (for a host, which provides every singleton anyway)
 * @returns {Record<string, { singleton: true, requiredVersion: string | false, version?: string, eager?: boolean }>}
 */
function sharedConfig({ eager = false } = {}) {
  /** @type {Record<string, any>} */
  const shared = {};
  for (const [request, pkgName] of Object.entries(THIRD_PARTY)) {
    const range = rootPkg.dependencies[pkgName] ?? rootPkg.devDependencies?.[pkgName];
    shared[request] = {
      singleton: true,
      requiredVersion: range ?? false,
      version: installedVersion(pkgName),
      ...(eager && { eager: true }),
    };
  }
  for (const [name, folder] of Object.entries(WORKSPACE_LIBS)) {
    const { version } = require(path.join(root, folder, 'package.json'));
    shared[name] = {
      singleton: true,
      version,
      requiredVersion: `^${version}`,
      ...(eager && { eager: true }),
    };
  }
  return shared;
}

/** Webpack aliases for the workspace libraries, so builds never depend on node_modules links. */
function workspaceAliases() {
  const tsconfig = require(path.join(root, 'tsconfig.base.json'));
  /** @type {Record<string, string>} */
  const alias = {};
  for (const [name, [target]] of Object.entries(tsconfig.compilerOptions.paths ?? {})) {
    alias[`${name}$`] = path.join(root, target);
    // `@mechabrim/ui/src/global` and the like: a lib's files other than its index.
    alias[`${name}/src`] = path.dirname(path.join(root, target));
  }
  return alias;
}

module.exports = { sharedConfig, workspaceAliases, WORKSPACE_LIBS, root };
