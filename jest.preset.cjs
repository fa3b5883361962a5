// One transform for every project: SWC with decorator metadata (NestJS needs it) and the React JSX runtime.
/** @type {import('jest').Config} */
module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
  moduleNameMapper: {
    '\\.(css)$': require('path').join(__dirname, 'tools/jest/style-stub.cjs'),
  },
};
