export * from './segments.ts';
export * from './codes.ts';
export * from './eligibility-270.ts';
export * from './eligibility-271.ts';
