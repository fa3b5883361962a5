const { frontEndProjectConfig } = require('../tools/jest/front-end.cjs');

module.exports = frontEndProjectConfig(__dirname, 'storefront');
