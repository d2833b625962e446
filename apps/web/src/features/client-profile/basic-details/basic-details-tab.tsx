import type { ClientProfile } from '../api/profile';
import { BasicDetailsForm } from './basic-details-form';

/** Basic details; the form starts again from whatever the server last answered. */
export function BasicDetailsTab({
  profile,
  canEdit,
}: {
  profile: ClientProfile;
  canEdit: boolean;
}) {
  return (
    <BasicDetailsForm
      key={JSON.stringify(profile.basicDetails)}
      patientId={profile.patientId}
      details={profile.basicDetails}
      canEdit={canEdit}
    />
  );
}
