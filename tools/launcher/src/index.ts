export {
  startStack,
  prepareSeededData,
  seededDataFolder,
  type RunningStack,
  type StartStackOptions,
  type StackServiceName,
} from './start-stack';
export { runLauncher, type LauncherOptions } from './launcher';
export { APP_SERVICES, orderServices } from './services';
export type { ServiceDefinition, StackContext, Probe, CommandSpec } from './types';
export { packageBin } from './package-bin';
