export * from './segments.ts';
export * from './codes.ts';
export * from './eligibility-270.ts';
export * from './eligibility-271.ts';
export * from './read-270.ts';
export * from './echo-271.ts';
export * from './eligibility-outcome.ts';
