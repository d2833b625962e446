import { InsurancePaymentsPage } from '../features/billing/reports/report-pages';
import Stack from '@mui/material/Stack';

import { EraUploadAction } from '../features/claims/era/era-upload';
import { ReceivedEras } from '../features/claims/era/received-eras';

/**
 * `/billing/payments/insurance` with claims' "Upload ERA (835)" beside billing's own action,
 * and the ERAs received below billing's list of payments:
 * the page is billing's, the upload is claims', and features never import each other.
 */
export function InsurancePaymentsWithEra() {
  return (
    <Stack spacing={4}>
      <InsurancePaymentsPage extraActions={<EraUploadAction />} />
      <ReceivedEras />
    </Stack>
  );
}
