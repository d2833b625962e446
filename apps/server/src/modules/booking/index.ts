// The booking area's door: what other areas may use of it (the only file they import).
export { pendingRequestCount } from './pending-count.ts';
