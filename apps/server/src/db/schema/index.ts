export * from './practices.ts';
export * from './users.ts';
export * from './sessions.ts';
export * from './audit.ts';
export * from './reference.ts';
export * from './support.ts';
export * from './clients.ts';
