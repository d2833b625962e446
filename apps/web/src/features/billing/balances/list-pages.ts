/**
 * The two practice lists as one route chunk: they share their frame, and one lazy import in
 * the route table (rather than one per page) keeps the router's own code, which every page
 * loads, smaller.
 */
export { OpenBalancesPage } from './open-balances-page';
export { OpenCreditsPage } from './open-credits-page';
