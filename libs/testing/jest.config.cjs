const { nodeProjectConfig } = require('./jest-node.cjs');

module.exports = nodeProjectConfig(__dirname, { displayName: 'testing', testTimeout: 30000 });
