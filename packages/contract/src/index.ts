export * from './common.ts';
export * from './health.ts';
export * from './auth.ts';
export * from './users.ts';
export * from './pets.ts';
export * from './notifications.ts';
