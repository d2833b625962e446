import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';

import { LoadFailed } from '../lib/load-failed';
import { SectionSpinner } from '../lib/section-spinner';
import { useLoadErrorToast } from '../lib/use-load-error-toast';
import { useClientInsurance } from './api/insurance';
import { AutoClaimsSection } from './auto-claims-section';
import { EligibilitySection } from './eligibility-section';
import { INSURANCE_MESSAGES } from './messages';
import { PoliciesSection } from './policies-section';
import { PrivatePaySection } from './private-pay-section';

/**
 * The client's insurance (spec-2 §2): policies with their card photos,
 * pre-authorizations and benefits confirmations; private pay and the usual
 * fee; automatic claim creation per therapist; eligibility checks. With the
 * practice's insurance feature off, only private pay and the usual fee show.
 */
export function InsuranceTab({ patientId }: { patientId: number }) {
  const insurance = useClientInsurance(patientId);
  useLoadErrorToast(insurance, INSURANCE_MESSAGES.load, { tryAgain: true });

  if (insurance.isPending) return <SectionSpinner label="Loading the client’s insurance" />;
  if (insurance.isLoadingError) return <LoadFailed onRetry={() => void insurance.refetch()} />;
  const data = insurance.data;
  return (
    <Stack spacing={4} sx={{ maxWidth: 960 }}>
      {data.isInsuranceEnabled ? (
        <PoliciesSection patientId={patientId} insurance={data} />
      ) : (
        <Alert severity="info">
          Insurance is turned off for this practice, so only private pay and the usual fee apply.
        </Alert>
      )}
      <PrivatePaySection patientId={patientId} insurance={data} />
      {data.isInsuranceEnabled && (
        <>
          <AutoClaimsSection patientId={patientId} insurance={data} />
          <EligibilitySection patientId={patientId} />
        </>
      )}
    </Stack>
  );
}
