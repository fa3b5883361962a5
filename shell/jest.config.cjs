const { frontEndProjectConfig } = require('../build-config/jest/front-end.cjs');

module.exports = frontEndProjectConfig(__dirname, 'shell');
