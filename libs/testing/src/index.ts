export * from './free-port';
export * from './mongo';
export * from './redis';
export * from './until';
export * from './pdf-fixtures';
export * from './one-connection';
export * from './upload-forms';
export * from './password-hash';
