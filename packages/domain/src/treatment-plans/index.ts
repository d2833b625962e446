export * from './plan-state.ts';
export * from './review-dates.ts';
export * from './plan-content.ts';
export * from './messages.ts';
