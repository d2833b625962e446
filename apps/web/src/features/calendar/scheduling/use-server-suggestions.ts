import type { TelehealthEligibility } from '@openpractice/domain';
import { useEffect, type Dispatch } from 'react';

import { suggestionKey, type FormAction, type SchedulingForm } from './scheduling-form';
import type { useSchedulingLookups } from './use-scheduling-lookups';

type Lookups = ReturnType<typeof useSchedulingLookups>;

/** Carries what the server answers (telehealth eligibility, suggested product, client name) into the form. */
export function useServerSuggestions(
  state: SchedulingForm,
  dispatch: Dispatch<FormAction>,
  {
    isAppointment,
    telehealth,
    products,
    eligibility,
  }: {
    isAppointment: boolean;
    telehealth: Lookups['telehealth'];
    products: Lookups['products'];
    eligibility: TelehealthEligibility;
  },
) {
  // The therapist cannot hold telehealth sessions (or we could not tell): telehealth stays off.
  useEffect(() => {
    if (isAppointment && (telehealth.isError || telehealth.data?.hasTelehealth === false)) {
      dispatch({ type: 'telehealthUnavailable' });
    }
  }, [isAppointment, telehealth.isError, telehealth.data, dispatch]);

  // A new therapist or client: choose the server's suggestion once, and learn the client's name.
  const answer = products.isPlaceholderData ? undefined : products.data;
  const telehealthKnown = !telehealth.isPending;
  useEffect(() => {
    if (!answer || state.therapistId === null || state.client?.id !== answer.client.id) return;
    if (!telehealthKnown) return;
    dispatch({ type: 'clientName', id: answer.client.id, name: answer.client.displayName });
    dispatch({
      type: 'suggestion',
      for: suggestionKey(state.therapistId, answer.client.id),
      option: answer.products.find((o) => o.selected) ?? null,
      eligibility,
    });
  }, [answer, state.therapistId, state.client?.id, eligibility, telehealthKnown, dispatch]);
}
