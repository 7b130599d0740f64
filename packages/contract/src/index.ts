export * from './common.ts';
export * from './health.ts';
