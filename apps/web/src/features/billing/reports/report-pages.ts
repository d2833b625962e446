/**
 * The three billing reports as one route chunk: they share their frame, and one lazy import in
 * the route table keeps the router's own code, which every page loads, smaller.
 */
export { ChargesReportPage } from './charges-report-page';
export { InsurancePaymentsPage } from './insurance-payments-page';
export { PaymentsReportPage } from './payments-report-page';
