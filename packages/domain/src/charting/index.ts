export * from './lifecycle.ts';
export * from './templates.ts';
export * from './access.ts';
export * from './template-editing.ts';
