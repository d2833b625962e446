import { formatIsoDate } from '@openpractice/domain';
import { useMutation } from '@tanstack/react-query';

import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { trackBusy } from '../../../ui/busy/use-busy';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { exportClients } from './api/search';
import { EXPORT_DONE_MESSAGE, EXPORT_STARTED_MESSAGE } from './messages';
import type { ClientSearchRequest } from './search-criteria';

/** 'clients-2026-03-07.csv', the name the server gives its export too. */
export function exportFileName(now: Date): string {
  return `clients-${formatIsoDate(now)}.csv`;
}

/**
 * 'Export CSV' (spec-1 §8): 'Starting download', every client matching the
 * search saved as a CSV file, then 'Download complete.'. A failure shows the
 * server's message: the user asked for the file and must learn it is not coming.
 */
export function useExportClients() {
  const notify = useNotify();
  return useMutation({
    mutationFn: async (request: ClientSearchRequest) => {
      notify.info(EXPORT_STARTED_MESSAGE);
      const csv = await trackBusy(exportClients(request));
      saveFile(csv, exportFileName(new Date()), 'text/csv;charset=utf-8');
    },
    onSuccess: () => {
      notify.success(EXPORT_DONE_MESSAGE);
    },
    onError: (error) => {
      notify.error(errorMessage(error));
    },
  });
}
