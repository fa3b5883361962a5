// First: zod's settings before any schema parses (zod-in-browser.ts).
import './zod-in-browser';
export * from './client-logs';
export * from './queues';
export * from './fields';
export * from './validation-messages.he';
export * from './auth';
export * from './catalogue';
export * from './community';
export * from './landing';
export * from './payments';
export * from './orders';
export * from './print';
export * from './print-cost';
export * from './book-options';
export * from './preflight';
export * from './author-portal';
export * from './deadline';
export * from './payouts';
