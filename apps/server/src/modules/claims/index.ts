/** What the demo seed uses to give the demo practice claims made as the app makes them. */
export { createClaim } from './claim-store.ts';
