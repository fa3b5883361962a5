// One transform for every project: SWC with decorator metadata (NestJS needs it) and the React JSX runtime.
/** @type {import('jest').Config} */
module.exports = {
  // Modules compiled once per worker rather than once per test file (runtime.cjs says how).
  runtime: require('path').join(__dirname, 'runtime.cjs'),
  transform: {
    '^.+\\.(t|j)sx?$|^.+swiper.+\\.mjs$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: {
            legacyDecorator: true,
            decoratorMetadata: true,
            react: { runtime: 'automatic' },
          },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Swiper (the UI kit's carousels) ships ES modules only; compile it like our own code.
  transformIgnorePatterns: ['/node_modules/(?!(swiper|ssr-window|dom7)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testEnvironment: 'node',
  moduleNameMapper: {
    '\\.(css)$': require('path').join(__dirname, 'style-stub.cjs'),
  },
};
