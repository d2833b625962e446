import { useMutation } from '@tanstack/react-query';

import { errorMessage } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { trackBusy } from '../../../ui/busy/use-busy';
import { useNotify } from '../../../ui/snackbar/use-notify';

/** spec-1 §8: CSV export messages. */
const EXPORT_STARTED = 'Starting download';
const EXPORT_DONE = 'Download complete.';

/** Downloads `build()`'s CSV as `fileName`, with the spec's messages around it. */
export function useCsvExport(fileName: string, build: () => Promise<string>) {
  const notify = useNotify();
  return useMutation({
    mutationFn: async () => {
      notify.info(EXPORT_STARTED);
      const csv = await trackBusy(build());
      saveFile(csv, fileName, 'text/csv;charset=utf-8');
    },
    onSuccess: () => {
      notify.success(EXPORT_DONE);
    },
    onError: (error) => {
      notify.error(errorMessage(error));
    },
  });
}
