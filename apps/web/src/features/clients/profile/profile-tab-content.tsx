import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

import type { ClientProfile } from './api/profile';
import type { ProfileTabKey } from './tabs';
import { SectionSpinner } from './lib/section-spinner';
import { useProfilePanels } from '../../../lib/profile-panels';

/**
 * Each tab's code loads when the tab first opens. A phone on a slow connection then paints the
 * client's header (the page's largest text, from the record the route loader fetches) without
 * waiting for twenty tabs' forms and their libraries (issue 24).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: each tab its own
function lazyTab<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}

const loadBasicDetails = () => import('./basic-details/basic-details-tab');
// The tab a profile opens on is fetched at once, alongside the record, not after it.
void loadBasicDetails();

const AddressesTab = lazyTab(() => import('./addresses/addresses-tab'), 'AddressesTab');
const BasicDetailsTab = lazyTab(loadBasicDetails, 'BasicDetailsTab');
const ClinicalTab = lazyTab(() => import('./clinical/clinical-tab'), 'ClinicalTab');
const ContactsTab = lazyTab(() => import('./contacts/contacts-tab'), 'ContactsTab');
const DemographicsTab = lazyTab(() => import('./demographics/demographics-tab'), 'DemographicsTab');
const EmailsTab = lazyTab(() => import('./emails/emails-tab'), 'EmailsTab');
const FaceSheetTab = lazyTab(() => import('./face-sheet/face-sheet-tab'), 'FaceSheetTab');
const GroupsTab = lazyTab(() => import('./groups/groups-tab'), 'GroupsTab');
const InsuranceTab = lazyTab(() => import('./insurance/insurance-tab'), 'InsuranceTab');
const LegacyLinksTab = lazyTab(() => import('./legacy-links/legacy-links-tab'), 'LegacyLinksTab');
const NoteTab = lazyTab(() => import('./notes/note-tab'), 'NoteTab');
const PhonesTab = lazyTab(() => import('./phones/phones-tab'), 'PhonesTab');
const PhotoIdTab = lazyTab(() => import('./photo-id/photo-id-tab'), 'PhotoIdTab');
const PortalTab = lazyTab(() => import('./portal/portal-tab'), 'PortalTab');
const ReasonTab = lazyTab(() => import('./reason/reason-tab'), 'ReasonTab');
const ReferralTab = lazyTab(() => import('./referral/referral-tab'), 'ReferralTab');
const StatusesTab = lazyTab(() => import('./statuses/statuses-tab'), 'StatusesTab');
const TimezoneTab = lazyTab(() => import('./timezone/timezone-tab'), 'TimezoneTab');
const TwoFactorTab = lazyTab(() => import('./two-factor/two-factor-tab'), 'TwoFactorTab');
const AppointmentsTab = lazyTab(() => import('./appointments/appointments-tab'), 'AppointmentsTab');

/** The open tab's content. Changing the record needs demographic access. */
function OpenTab({
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
      return <AppointmentsTab patientId={patientId} />;
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

export function ProfileTabContent(props: {
  tab: ProfileTabKey;
  profile: ClientProfile;
  canViewEmailLog: boolean;
}) {
  return (
    <Suspense fallback={<SectionSpinner label="Loading" />}>
      <OpenTab {...props} />
    </Suspense>
  );
}
