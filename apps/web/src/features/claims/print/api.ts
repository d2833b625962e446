import type { ResponseOf } from '@openpractice/contracts';
import type { listPrintClaims } from '@openpractice/contracts/claims/print';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { claimsApi } from '../../../config/paths/api-claims';
import { withQuery } from '../../../config/paths/with-query';
import { api } from '../../../lib/api-client';
import { answerMessage, ApiError } from '../../../lib/api-errors';

export type PrintListPage = ResponseOf<typeof listPrintClaims>['data'];
export type PrintListRow = PrintListPage['rows'][number];
export type PrintList = 'primary' | 'secondary' | 'simple';
export type PrintMode = 'data' | 'form';

/** One page of a print list; the server scrubs unsent claims again before answering. */
export function usePrintList(list: PrintList, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['claims', 'print', list, page, pageSize],
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof listPrintClaims>>(
        withQuery(claimsApi.printList(list), {
          limit: String(pageSize),
          offset: String(page * pageSize),
        }),
        { signal },
      ),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}

/**
 * The chosen claims' PDF. Read as a file rather than followed as a link: printing changes the
 * claims (a CMS-1500 is their submission), so it is a POST with the CSRF token, and a refusal
 * shows on the page instead of replacing it.
 */
export async function printClaims(input: {
  list: PrintList;
  claimIds: number[];
  mode: PrintMode;
  offsetX: number;
  offsetY: number;
}): Promise<Blob> {
  const { token, headerName } = await api.getCsrfToken();
  const response = await fetch(claimsApi.print, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', [headerName]: token },
    body: JSON.stringify(input),
  });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, answerMessage(response.status, body), body);
  }
  return response.blob();
}
