export * from './auth.ts';
export * from './common.ts';
