export {
  STORAGE,
  StorageKeyError,
  StorageLimitError,
  StorageNotFoundError,
  assertStorageKey,
  type PutOptions,
  type StoragePort,
  type StoredObject,
} from './storage.port';
export { LocalDiskStorage, byteLimit } from './local-disk.storage';
// The S3 adapter itself is not exported here (createStorage loads it when configured, and
// '@mechabrim/storage/src/s3.storage' is its address): importing the lib must not load the AWS SDK.
export type { S3StorageSettings } from './s3.storage';
export {
  storageEnvShape,
  storageEnvRefinement,
  storageSettings,
  createStorage,
  type StorageSettings,
} from './storage-config';
export { readAll, bookFileKeys, replacementFileKeys, type BookFileKeys } from './book-files';
export { checkFileSignature, signFileUrl, type FileSignatureCheck } from './signed-file-url';
