/**
 * The bits of types-and-lint.ts's exit code: which of its two checks found errors. The test
 * runner counts each as a failed step. Apart from that script so the runner does not load
 * TypeScript and ESLint to read them.
 */
export const TYPE_ERRORS = 1;
export const LINT_ERRORS = 2;
