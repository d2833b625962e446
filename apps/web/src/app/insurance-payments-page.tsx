import { InsurancePaymentsPage } from '../features/billing/reports/report-pages';
import { EraUploadAction } from '../features/claims/era/era-upload';

/**
 * `/billing/payments/insurance` with claims' "Upload ERA (835)" beside billing's own action:
 * the page is billing's, the upload is claims', and features never import each other.
 */
export function InsurancePaymentsWithEra() {
  return <InsurancePaymentsPage extraActions={<EraUploadAction />} />;
}
