import type { ResponseOf } from '@openpractice/contracts';
import type { getChartingList } from '@openpractice/contracts/charting/records';
import { useQuery } from '@tanstack/react-query';

import { chartingApi } from '../../../config/paths/api-charting';
import { api } from '../../../lib/api-client';

export type ChartingListName =
  'uncharted' | 'incomplete' | 'awaitingReview' | 'returned' | 'addendaPending';
export type ChartingList = ResponseOf<typeof getChartingList>['data'];
export type ChartingListItem = ChartingList['items'][number];

/** One of the signed-in therapist's charting lists (issue 17 item 9). */
export function useChartingList(list: ChartingListName) {
  return useQuery({
    queryKey: ['charting', 'lists', list] as const,
    queryFn: ({ signal }) =>
      api.get<ResponseOf<typeof getChartingList>>(chartingApi.charting.list(list), { signal }),
    select: (response) => response.data,
  });
}
