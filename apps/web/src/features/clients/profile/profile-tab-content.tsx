import { lazy, Suspense } from 'react';

import type { ClientProfile } from './api/profile';
import { AddressesTab } from './addresses/addresses-tab';
import { BasicDetailsTab } from './basic-details/basic-details-tab';
import { ClinicalTab } from './clinical/clinical-tab';
import { ContactsTab } from './contacts/contacts-tab';
import { DemographicsTab } from './demographics/demographics-tab';
import { EmailsTab } from './emails/emails-tab';
import { FaceSheetTab } from './face-sheet/face-sheet-tab';
import { GroupsTab } from './groups/groups-tab';
import { InsuranceTab } from './insurance/insurance-tab';
import { LegacyLinksTab } from './legacy-links/legacy-links-tab';
import { NoteTab } from './notes/note-tab';
import { PhonesTab } from './phones/phones-tab';
import { PhotoIdTab } from './photo-id/photo-id-tab';
import { PortalTab } from './portal/portal-tab';
import { ReasonTab } from './reason/reason-tab';
import { ReferralTab } from './referral/referral-tab';
import { StatusesTab } from './statuses/statuses-tab';
import type { ProfileTabKey } from './tabs';
import { TimezoneTab } from './timezone/timezone-tab';
import { TwoFactorTab } from './two-factor/two-factor-tab';
import { SectionSpinner } from './lib/section-spinner';
import { useProfilePanels } from '../../../lib/profile-panels';

// Loaded when opened: the profile page's JavaScript is at its budget.
const AppointmentsTab = lazy(async () => ({
  default: (await import('./appointments/appointments-tab')).AppointmentsTab,
}));

/** The open tab's content. Changing the record needs demographic access. */
export function ProfileTabContent({
  tab,
  profile,
  canViewEmailLog,
}: {
  tab: ProfileTabKey;
  profile: ClientProfile;
  canViewEmailLog: boolean;
}) {
  const patientId = profile.patientId;
  const canEdit = profile.patientAccess?.hasDemographicAccess ?? false;
  const panels = useProfilePanels();
  switch (tab) {
    case 'cards':
      return panels.savedCards?.(patientId) ?? null;
    case 'basic':
      return <BasicDetailsTab profile={profile} canEdit={canEdit} />;
    case 'demographics':
      return <DemographicsTab profile={profile} />;
    case 'clinical':
      return <ClinicalTab patientId={patientId} />;
    case 'appointments':
      return (
        <Suspense fallback={<SectionSpinner label="Loading appointments" />}>
          <AppointmentsTab patientId={patientId} />
        </Suspense>
      );
    case 'insurance':
      return <InsuranceTab patientId={patientId} />;
    case 'statuses':
      return <StatusesTab patientId={patientId} canEdit={canEdit} />;
    case 'groups':
      return <GroupsTab patientId={patientId} canEdit={canEdit} isGroup={profile.isGroup} />;
    case 'memo':
      return <NoteTab patientId={patientId} kind="memo" canEdit={canEdit} />;
    case 'alert':
      return <NoteTab patientId={patientId} kind="alert" canEdit={canEdit} />;
    case 'phones':
      return <PhonesTab patientId={patientId} phones={profile.phones ?? []} canEdit={canEdit} />;
    case 'emails':
      return <EmailsTab patientId={patientId} emails={profile.emails ?? []} canEdit={canEdit} />;
    case 'addresses':
      return <AddressesTab patientId={patientId} addresses={profile.addresses} />;
    case 'contacts':
      return <ContactsTab patientId={patientId} contacts={profile.contacts ?? []} />;
    case 'portal':
      return <PortalTab patientId={patientId} canViewEmailLog={canViewEmailLog} />;
    case 'two-factor':
      return <TwoFactorTab patientId={patientId} />;
    case 'photo-id':
      return <PhotoIdTab profile={profile} />;
    case 'legacy-links':
      return <LegacyLinksTab patientId={patientId} />;
    case 'referral':
      return <ReferralTab patientId={patientId} />;
    case 'timezone':
      return (
        <TimezoneTab
          patientId={patientId}
          timezone={profile.clientSettings?.timezone ?? null}
          canEdit={canEdit}
        />
      );
    case 'face-sheet':
      return <FaceSheetTab patientId={patientId} />;
    case 'reason':
      return <ReasonTab patientId={patientId} />;
  }
}
