// Every API call's contract, by area. Server routes register from these; the web imports types only.
export * from './define.ts';
export * from './common.ts';
