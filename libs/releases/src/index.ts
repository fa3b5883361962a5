export {
  REMOTE_IDS,
  RUNTIME_CONFIG_KEYS,
  VERSION_PATTERN,
  ReleaseError,
  isRemoteId,
  isVersion,
  releaseNumberOf,
  remoteId,
  versionOf,
  type ReleaseErrorType,
  type RemoteId,
} from './remotes';
export {
  isReleaseFilePath,
  type ReleaseInfo,
  type ReleaseSource,
  type ReleaseStore,
} from './release-store.port';
export { contentHashOf, filesIn } from './content-hash';
export { LocalFolderReleaseStore } from './local-folder.release-store';
export { StorageReleaseStore } from './storage.release-store';
export {
  PointersFile,
  canaried,
  historyFileOf,
  parsePointers,
  promoted,
  rolledBack,
  stateOf,
  type Candidate,
  type PointerChange,
  type PointerState,
  type Pointers,
  type RemotePointers,
} from './pointers';
export {
  canary,
  describeReleases,
  firstShownAt,
  promote,
  prune,
  publishBuild,
  releaseActor,
  rollback,
  type ClientErrorCounter,
  type PruneResult,
  type ReleaseContext,
  type ReleaseRow,
} from './release-commands';
export {
  assertCompatible,
  incompatibilities,
  requirementsOf,
  type Incompatibility,
} from './compatibility-gate';
export {
  DEFAULT_RETENTION_DAYS,
  keptBecause,
  prunable,
  retentionDaysFromEnv,
  type EnvironmentPointers,
} from './retention';
export {
  createReleaseStore,
  pointersFileOf,
  releaseSettingsFromEnv,
  type ReleaseSettings,
} from './release-config';
