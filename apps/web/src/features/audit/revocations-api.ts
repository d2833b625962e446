import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';

import type { QueryOf, ResponseOf } from '@openpractice/contracts';
import type {
  documentRevocations,
  exportDocumentRevocations,
} from '@openpractice/contracts/forms/revocations';

import { apiPaths } from '../../config/paths';
import { api, errorMessage } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { trackBusy } from '../../ui/busy/use-busy';
import { useNotify } from '../../ui/snackbar/use-notify';
import { EXPORT_DONE, EXPORT_STARTED } from './access-export';

/** The revocations report's filter as the page holds it (the client id as a number). */
export type RevocationFilter = Omit<QueryOf<typeof exportDocumentRevocations>, 'patientId'> & {
  patientId?: number | undefined;
};
export type RevokedBy = NonNullable<RevocationFilter['revokedBy']>;
export type RevocationReport = ResponseOf<typeof documentRevocations>;
export type RevocationRow = RevocationReport['data'][number];

export const REVOKED_BY_LABELS: Record<RevokedBy, string> = {
  client: 'The client',
  staff: 'Staff',
};

export function useRevocationReport(filter: RevocationFilter, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['audit', 'documentRevocations', filter, page, pageSize] as const,
    queryFn: ({ signal }) =>
      api.get<RevocationReport>(apiPaths.audit.documentRevocations, {
        query: { ...filter, limit: pageSize, offset: page * pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the filtered revocations as CSV (the server audits the export). */
export function useRevocationExport(filter: RevocationFilter) {
  const notify = useNotify();
  return useMutation({
    mutationFn: async () => {
      notify.info(EXPORT_STARTED);
      const csv = await trackBusy(
        api.get<ResponseOf<typeof exportDocumentRevocations>>(
          apiPaths.audit.documentRevocationsCsv,
          { query: { ...filter } },
        ),
      );
      saveFile(csv, 'document-revocations.csv', 'text/csv;charset=utf-8');
    },
    onSuccess: () => {
      notify.success(EXPORT_DONE);
    },
    onError: (error) => {
      notify.error(errorMessage(error));
    },
  });
}
