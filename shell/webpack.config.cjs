// The shell is the host: it bundles and provides the federation runtime and has no remote baked
// in — it reads their manifests' URLs from /runtime-config.json at start (src/main.ts).
const { frontendConfig } = require('../tools/federation/webpack.cjs');

module.exports = frontendConfig({ projectRoot: __dirname, name: 'shell', kind: 'host' });
