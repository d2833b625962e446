export * from './ledger.ts';
export * from './expected-parts.ts';
export * from './aging.ts';
export * from './statement.ts';
export * from './hand-payments.ts';
export * from './due-now.ts';
export * from './card-compliance.ts';
