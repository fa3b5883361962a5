// Jest settings for the React front ends (shell and the three remotes): jsdom, CSS stubbed, and
// the workspace libraries read from their TypeScript source.
const path = require('path');

const root = path.resolve(__dirname, '../..');
const LIBS = 'cart-store|session|ui|hebrew|contracts|api-client';

/**
 * @param {string} projectDir absolute folder of the project
 * @param {string} displayName
 * @returns {import('jest').Config}
 */
function frontEndProjectConfig(projectDir, displayName) {
  return {
    preset: path.join(__dirname, 'preset.cjs'),
    rootDir: projectDir,
    displayName,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
    // A screen's spec renders, clicks and waits several times over (each wait up to 10 s:
    // async-timeouts.ts). In a clean clone's full run, beside the browser journeys on 2 cores,
    // renders run up to six times slower than alone (a category page's 45 books: 2.6 s alone, 15 s
    // there), and whole specs outlasted Jest's 5 s default with nothing wrong.
    testTimeout: 30_000,
    // jsdom lacks TextEncoder, which react-router reads when it loads.
    setupFiles: [path.join(root, 'libs/ui/src/testing/jsdom-polyfills.ts')],
    setupFilesAfterEnv: [path.join(root, 'libs/ui/src/testing/async-timeouts.ts')],
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'style-stub.cjs'),
      [`^@mechabrim/(${LIBS})$`]: path.join(root, 'libs/$1/src/index.ts'),
      [`^@mechabrim/(${LIBS})/src/(.*)$`]: path.join(root, 'libs/$1/src/$2'),
    },
  };
}

module.exports = { frontEndProjectConfig };
