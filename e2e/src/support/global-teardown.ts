export { teardown as default } from './seeded-data';
