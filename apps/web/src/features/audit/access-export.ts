import { useMutation } from '@tanstack/react-query';

import { errorMessage } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';
import { trackBusy } from '../../ui/busy/use-busy';
import type { Period } from '../../ui/report-period-filter';
import { useNotify } from '../../ui/snackbar/use-notify';
import { exportAccessCsv, type AccessFilter } from './api';

/** spec-1 §8: CSV export messages. */
export const EXPORT_STARTED = 'Starting download';
export const EXPORT_DONE = 'Download complete.';

/** Downloads the report's CSV for `filter`, named after the period shown. */
export function useAccessExport(filter: AccessFilter, shown: Period) {
  const notify = useNotify();
  return useMutation({
    mutationFn: async () => {
      notify.info(EXPORT_STARTED);
      const csv = await trackBusy(exportAccessCsv(filter));
      saveFile(
        csv,
        `patient-record-access-${shown.from}-to-${shown.to}.csv`,
        'text/csv;charset=utf-8',
      );
    },
    onSuccess: () => {
      notify.success(EXPORT_DONE);
    },
    onError: (error) => {
      notify.error(errorMessage(error));
    },
  });
}
