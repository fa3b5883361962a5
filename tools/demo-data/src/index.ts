export {
  DEMO_ACCOUNTS,
  DEMO_IDS,
  HANDWRITTEN_BOOKS,
  demoId,
  isDatabaseEmpty,
  seedDemoData,
} from './seed';
export type { SeedOptions, SeedSummary } from './seed';
export { coverSvg } from './covers';
export { DEMO_PAGE_COUNTS, writeDemoPrintFiles } from './print-files';
