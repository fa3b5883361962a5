export { setup as default } from './seeded-data';
