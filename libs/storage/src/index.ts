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
export { S3Storage, type S3StorageSettings } from './s3.storage';
export {
  storageEnvShape,
  storageEnvRefinement,
  storageSettings,
  createStorage,
  type StorageSettings,
} from './storage-config';
export { readAll, bookFileKeys, replacementFileKeys, type BookFileKeys } from './book-files';
export { checkFileSignature, signFileUrl, type FileSignatureCheck } from './signed-file-url';
