import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { fullName } from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { billingRoutes } from '../../../config/paths/billing';
import { formRoutes } from '../../../config/paths/form-links';
import { treatmentPlanRoutes } from '../../../config/paths/treatment-plan-links';
import { ApiError } from '../../../lib/api-client';
import { useClientProfile } from './api/profile';
import { ClientHeader } from './client-header';
import { LoadFailed } from './lib/load-failed';
import { MESSAGES } from './lib/messages';
import { SectionSpinner } from './lib/section-spinner';
import { useLoadErrorToast } from './lib/use-load-error-toast';
import { ProfileTabs } from './profile-tabs';

/** A 403 or 404 is an answer about the client, not a failure to retry. */
function refusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 403) return MESSAGES.noAccess;
  if (error.status === 404) return error.message;
  return null;
}

/**
 * `/client/{id}`: the header (who this is, the alert, the status) and the
 * record's tabs, each shown only when the caller's access allows it.
 * `canViewEmailLog`: the caller may read the practice's email log (managers).
 * `canViewAccessHistory`: the caller has the reporting role, so the record
 * access report (who saw this client) is theirs to open.
 * `canReadRecords`: the caller's roles may read clinical notes (therapists, managers,
 * custodians), so the client's Records (notes and addenda), treatment plans and Measures
 * (scores are clinical, as the server's measures calls rule) are linked.
 */
export function ClientProfilePage({
  patientId,
  canViewEmailLog,
  canViewAccessHistory = false,
  canReadRecords = false,
}: {
  patientId: number;
  canViewEmailLog: boolean;
  canViewAccessHistory?: boolean;
  canReadRecords?: boolean;
}) {
  const profile = useClientProfile(patientId);
  // The client's Billing view (its own route) is linked for those with billing access to them.
  const canViewBilling = profile.data?.patientAccess?.hasBillingAccess === true;
  // A client's forms need access to the record's demographics, as the server's forms calls.
  const canUseForms = profile.data?.patientAccess?.hasDemographicAccess === true;
  const refused = profile.isError ? refusal(profile.error) : null;
  useLoadErrorToast(profile, refused === null ? MESSAGES.loadProfile : null, { tryAgain: true });

  if (profile.isPending) return <SectionSpinner label="Loading the client" />;
  // A failed background refresh keeps showing what was loaded (the snackbar says it failed).
  if (profile.isLoadingError) {
    return (
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          Client
        </Typography>
        {refused === null ? (
          <LoadFailed onRetry={() => void profile.refetch()} />
        ) : (
          <Alert severity="warning">{refused}</Alert>
        )}
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <ClientHeader profile={profile.data} />
      {(canReadRecords || canViewAccessHistory || canViewBilling || canUseForms) && (
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
          {canReadRecords && (
            <Link component={RouterLink} to={paths.client.records.getHref(patientId)}>
              Records
            </Link>
          )}
          {canReadRecords && (
            <Link component={RouterLink} to={treatmentPlanRoutes.client.getHref(patientId)}>
              Treatment plans
            </Link>
          )}
          {canUseForms && (
            <Link
              component={RouterLink}
              to={formRoutes.clientForms(patientId)}
              // The forms page names the client from here rather than reading the record again.
              state={{ clientName: fullName(profile.data.basicDetails) }}
            >
              Forms
            </Link>
          )}
          {canReadRecords && (
            <Link component={RouterLink} to={formRoutes.measures(patientId)}>
              Measures
            </Link>
          )}
          {canViewBilling && (
            <Link component={RouterLink} to={billingRoutes.client.getHref(patientId)}>
              Billing
            </Link>
          )}
          {canViewAccessHistory && (
            <Link
              component={RouterLink}
              to={paths.reporting.patientRecordAccess.getHref(patientId)}
            >
              Access history
            </Link>
          )}
        </Stack>
      )}
      <ProfileTabs profile={profile.data} canViewEmailLog={canViewEmailLog} />
    </Stack>
  );
}
