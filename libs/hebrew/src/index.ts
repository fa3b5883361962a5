export * from './normalize';
export * from './format';
