import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ageInYears, formatUsDate, fullName, legalName } from '@openpractice/domain';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { useClientTherapists, type ClientProfile } from './api/profile';
import { NextAppointment } from './appointments/next-appointment';
import { MESSAGES } from './lib/messages';
import { useLoadErrorToast } from './lib/use-load-error-toast';
import { mayReadAppointments } from './tabs';

/**
 * Who the client is: the everyday name (nickname rule), the legal name when
 * it differs, account number, age, status, therapists, the next appointment,
 * and the alert shown prominently when one is set.
 */
export function ClientHeader({ profile }: { profile: ClientProfile }) {
  const { basicDetails: details, alert, status } = profile;
  const therapists = useClientTherapists(profile.patientId);
  useLoadErrorToast(therapists, MESSAGES.loadTherapists);
  const titleId = useId();

  const name = fullName(details);
  const legal = legalName(details);
  const age = details.dob ? ageInYears(details.dob, new Date()) : null;
  const facts = [
    `Account ${details.userNumber}`,
    age === null ? null : `Age ${age} (born ${formatUsDate(details.dob)})`,
    legal === name ? null : `Legal name ${legal}`,
  ].filter((fact) => fact !== null);
  const therapistNames = (therapists.data ?? []).map(
    (t) => `${t.name}${t.isPrimary ? ' (primary)' : ''}`,
  );

  return (
    <Stack component="section" aria-labelledby={titleId} spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={titleId} component="h1" variant="h4">
          {name}
        </Typography>
        {status && (
          <Chip
            variant="outlined"
            label={status.isInactiveForAll ? 'Status: Archived' : 'Status: Active'}
          />
        )}
        {profile.isGroup && <Chip variant="outlined" label="Group" />}
        {/* Releasing records needs demographic access, as the server's print calls do. */}
        {profile.patientAccess?.hasDemographicAccess && (
          <Link component={RouterLink} to={paths.client.recordsPrint.getHref(profile.patientId)}>
            Print records
          </Link>
        )}
      </Stack>
      <Typography color="text.secondary">{facts.join(' · ')}</Typography>
      {therapistNames.length > 0 && (
        <Typography color="text.secondary">
          {therapistNames.length === 1 ? 'Therapist' : 'Therapists'}: {therapistNames.join(', ')}
        </Typography>
      )}
      <NextAppointment patientId={profile.patientId} enabled={mayReadAppointments(profile)} />
      {alert && (
        <Alert severity="warning" role="note" aria-label="Client alert">
          <AlertTitle>Alert</AlertTitle>
          <Typography component="p" sx={{ whiteSpace: 'pre-wrap' }}>
            {alert}
          </Typography>
        </Alert>
      )}
    </Stack>
  );
}
