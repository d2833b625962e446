import Stack from '@mui/material/Stack';

import type { ClientProfile } from '../api/profile';
import { FormsSection } from '../forms/forms-section';
import { BasicDetailsForm } from './basic-details-form';

/**
 * Basic details; the form starts again from whatever the server last answered.
 * Those who may change the record also see the client's pending forms.
 */
export function BasicDetailsTab({
  profile,
  canEdit,
}: {
  profile: ClientProfile;
  canEdit: boolean;
}) {
  return (
    <Stack spacing={4}>
      <BasicDetailsForm
        key={JSON.stringify(profile.basicDetails)}
        patientId={profile.patientId}
        details={profile.basicDetails}
        canEdit={canEdit}
      />
      {canEdit && <FormsSection patientId={profile.patientId} />}
    </Stack>
  );
}
