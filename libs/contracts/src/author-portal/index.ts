/*
 * The author portal's calls (spec §7, issue 12): hide/show, delete and edit of an author's own
 * book, the author's stats, orders and earnings, the author profile, and the admins' moderation.
 * Money in answers is in shekels (two decimals, from agorot through `@mechabrim/money`).
 * One file per section: the book edits, the author's sales (stats, orders, earnings), the
 * profile, and moderation.
 */
export { PORTAL_VALIDATION_HE } from './portal-fields';
export * from './book-edits';
export * from './author-sales';
export * from './author-profile';
export * from './moderation';
