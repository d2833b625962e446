import Alert from '@mui/material/Alert';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';

import { paths } from '../../config/paths';
import { clientKeys } from '../../features/clients/profile/api/keys';
import { MergePage } from '../../features/clients/merge/merge-page';
import { clientSearchKey } from '../../features/clients/search/api/search';
import { ClientTypeahead } from '../../features/clients/search/client-typeahead';

/**
 * `/client/merge/{id}`: the merge page, with the client search's typeahead to
 * pick the record to keep. After merging, the search and both records are
 * stale, and the kept record opens.
 */
export function ClientMergeRoute() {
  const { id } = useParams();
  const duplicateId = Number(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  if (!Number.isInteger(duplicateId) || duplicateId <= 0) {
    return <Alert severity="error">That is not a client number.</Alert>;
  }
  return (
    <MergePage
      duplicateId={duplicateId}
      renderKeepPicker={(choose) => (
        <ClientTypeahead
          label="Client to keep"
          omitGroups
          onSelect={(client) => {
            choose(client.user_id);
          }}
        />
      )}
      onMerged={({ sourceId, targetId }) => {
        void queryClient.invalidateQueries({ queryKey: clientSearchKey });
        void queryClient.invalidateQueries({ queryKey: clientKeys.all(sourceId) });
        void queryClient.invalidateQueries({ queryKey: clientKeys.all(targetId) });
        void navigate(paths.client.profile.getHref(targetId));
      }}
    />
  );
}
