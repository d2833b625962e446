import { ISO_DATE_FORMAT } from '@openpractice/domain';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';

import type { ResponseOf } from '@openpractice/contracts';
import type {
  changePrivatePay,
  updateAutoGenClaim,
  updateUsualFee,
} from '@openpractice/contracts/insurance/billing';

import { apiPaths } from '../../../../../config/paths';
import { api } from '../../../../../lib/api-client';
import { useRefreshInsurance } from './insurance';

const paths = apiPaths.insurance;

/** The day on the user's calendar, which the spec's calls send as `localDate`. */
export function localDate(now = new Date()): string {
  return dayjs(now).format(ISO_DATE_FORMAT);
}

export function useChangePrivatePay(patientId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (isPrivatePay: boolean) =>
      api.post<ResponseOf<typeof changePrivatePay>>(paths.changePrivatePay, {
        patientId,
        isPrivatePay,
        localDate: localDate(),
      }),
    onSuccess: refresh,
  });
}

export function useUpdateUsualFee(patientId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (usualFee: number | null) =>
      api.post<ResponseOf<typeof updateUsualFee>>(paths.updateUsualFee, {
        patientId,
        usualFee,
      }),
    onSuccess: refresh,
  });
}

export function useUpdateAutoGenClaim(patientId: number) {
  const refresh = useRefreshInsurance(patientId);
  return useMutation({
    mutationFn: (input: { therapistId: number; autogen: boolean; reason: string | null }) =>
      api.post<ResponseOf<typeof updateAutoGenClaim>>(paths.updateAutoGenClaim, {
        patientId,
        ...input,
        localDate: localDate(),
      }),
    onSuccess: refresh,
  });
}
