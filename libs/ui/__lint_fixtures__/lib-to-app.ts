// Lint fixture (never built, excluded from `npm run lint`): a lib importing an app.
// tools/lint-fixtures/src/lint-rules.spec.ts expects @nx/enforce-module-boundaries to reject it.
import { createApiApp } from '@mechabrim/api';

export const borrowed = createApiApp;
