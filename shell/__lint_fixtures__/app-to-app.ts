// Lint fixture (never built, excluded from `npm run lint`): an app importing other apps, by
// package name and by a relative path into another app's source.
// tools/lint-fixtures/src/lint-rules.spec.ts expects @nx/enforce-module-boundaries to reject both.
import { createApiApp } from '@mechabrim/api';
import { storefrontRoutes } from '../../storefront/src/app/routes';

export const borrowed = [createApiApp, storefrontRoutes];
