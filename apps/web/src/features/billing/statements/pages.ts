/**
 * The two statements pages as one route chunk: they share their parts, and one lazy import in
 * the route table (rather than one per page) keeps the router's own code smaller.
 */
export { StatementPage } from './statement-page';
export { StatementsReportPage } from './statements-report-page';
