// Jest reads `testTimeout` from the top-level configuration only, so in the one multi-project
// run of `npm test` a project's own value would be ignored. The root jest.config.cjs passes it
// in as a global and this file (setupFilesAfterEnv) applies it to each of that project's tests.
/* global jest */
const timeout = globalThis.__PROJECT_TEST_TIMEOUT__;
if (typeof timeout === 'number') jest.setTimeout(timeout);
