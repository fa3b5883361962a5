// The root jest.config.cjs's globalTeardown: stops the server jest-shared-mongo.cjs started.
module.exports = require('./jest-shared-mongo.cjs').teardown;
