export * from './free-port';
export * from './mongo';
export * from './redis';
export * from './until';
