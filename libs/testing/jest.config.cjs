const { nodeProjectConfig } = require('../../build-config/jest/node.cjs');

module.exports = nodeProjectConfig(__dirname, { displayName: 'testing' });
