/**
 * Billing's door for the rest of the server (the demo seed): the ledger's writes as the routes
 * make them, so seeded history obeys the same rules as the app's.
 */
export { appendEntries, type EntryOwner, type NewEntry } from './ledger-store.ts';
export { recordAdjustment, recordPayment, refundPayment } from './ledger-service.ts';
export { payByCard, refundToCard } from './cards-charge.ts';
export { tokeniseOnLocalProcessor } from './cards-service.ts';
export { chargeFactsOf, sessionFactsWhere } from './session-facts.ts';
export { createStatement } from './statements-service.ts';
