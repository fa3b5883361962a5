export * from './masav-credit-file';
