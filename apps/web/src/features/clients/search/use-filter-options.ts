import { therapistsToShow } from '@openpractice/domain';
import { useEffect } from 'react';

import { useNotify } from '../../../ui/snackbar/use-notify';
import {
  insuranceLabel,
  therapistName,
  usePracticeInsurance,
  usePracticeTherapists,
} from './api/practice-lists';
import { useCustomSearchCapabilities, useSearchGroups } from './api/search';
import { GROUPS_FAILED_MESSAGE } from './messages';

/**
 * The practice lists the search filters choose from: therapists (the inactive ones only while
 * chosen), insurance payers, groups, and whether the practice has a custom searchable id.
 * Groups that fail to load say so with a way to try again.
 */
export function useFilterOptions(chosenTherapistIds: readonly number[]) {
  const notify = useNotify();
  const therapists = usePracticeTherapists();
  const insurance = usePracticeInsurance();
  const groups = useSearchGroups();
  const capabilities = useCustomSearchCapabilities();

  const { isError: groupsFailed, errorUpdatedAt: groupsFailedAt, refetch: refetchGroups } = groups;
  useEffect(() => {
    if (!groupsFailed) return;
    notify.error(GROUPS_FAILED_MESSAGE, {
      action: {
        label: 'Try Again',
        onClick: () => {
          void refetchGroups();
        },
      },
    });
  }, [groupsFailed, groupsFailedAt, refetchGroups, notify]);

  return {
    therapists: {
      options: therapistsToShow(therapists.data ?? [], chosenTherapistIds).map((therapist) => ({
        id: therapist.id,
        label: therapist.active
          ? therapistName(therapist)
          : `${therapistName(therapist)} (inactive)`,
      })),
      loading: therapists.isPending,
    },
    insurance: {
      options: (insurance.data ?? []).map((payer) => ({
        id: payer.practice_insurance_id,
        label: insuranceLabel(payer),
      })),
      loading: insurance.isPending,
    },
    groups: {
      options: (groups.data ?? []).map((group) => ({ id: group.id, label: group.name })),
      loading: groups.isPending,
    },
    customId: capabilities.data?.customSearchableId,
  };
}
