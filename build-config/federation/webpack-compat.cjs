'use strict';
// @module-federation/enhanced 2.9.2 (the latest) requires a few webpack internals by their old
// paths; webpack 5.112 (the latest) moved them. Until federation catches up, map the old paths to
// the new ones — only these, only for webpack's own files, and loudly if webpack moves them again.
const Module = require('node:module');

const MOVED = {
  'webpack/lib/HotUpdateChunk': 'webpack/lib/graph/HotUpdateChunk',
  'webpack/lib/ModuleFactory': 'webpack/lib/module/ModuleFactory',
  'webpack/lib/dependencies/EntryDependency': 'webpack/lib/entry/EntryDependency',
  'webpack/lib/dependencies/ModuleDependency': 'webpack/lib/dependencies/core/ModuleDependency',
  'webpack/lib/dependencies/StaticExportsDependency':
    'webpack/lib/dependencies/core/StaticExportsDependency',
  'webpack/lib/util/extractUrlAndGlobal': 'webpack/lib/externals/extractUrlAndGlobal',
  'webpack/lib/util/fs': 'webpack/lib/fs/fs',
  'webpack/lib/util/semver': 'webpack/lib/sharing/semver',
};

function needsMapping() {
  try {
    require.resolve('webpack/lib/util/extractUrlAndGlobal');
    return false;
  } catch {
    return true;
  }
}

if (needsMapping() && !Module.__mechabrimWebpackCompat) {
  Module.__mechabrimWebpackCompat = true;
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function resolveMovedWebpackInternals(request, ...rest) {
    return resolve.call(this, MOVED[request.replace(/\.js$/, '')] ?? request, ...rest);
  };
}
