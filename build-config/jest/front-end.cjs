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
