// Two builds into one dist/, served from the portal's own origin:
//  1. the remote: remoteEntry.js + mf-manifest.json exposing ./App — what the shell mounts;
//  2. the standalone host page for the authors' subdomain: index.html + host/*.js, a small host
//     (its own sign-in page) that loads the same remote from its own origin.
const { frontendConfig } = require('../build-config/federation/webpack.cjs');

const remote = frontendConfig({
  projectRoot: __dirname,
  name: 'authorPortal',
  kind: 'remote',
  exposes: { './App': './src/app/app.tsx' },
});
// Both compilers write to the same folder at the same time: each cleans only its own files.
remote.output.clean = { keep: (asset) => asset === 'index.html' || asset.startsWith('host/') };

const host = frontendConfig({
  projectRoot: __dirname,
  name: 'authorPortalHost',
  kind: 'host',
  entry: './src/host/main.ts',
  template: './src/host/index.html',
  assetPrefix: 'host',
  outputPath: remote.output.path,
});
host.output.clean = { keep: (asset) => !(asset === 'index.html' || asset.startsWith('host/')) };

module.exports = [remote, host];
