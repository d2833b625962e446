import Alert from '@mui/material/Alert';
import { formatZonedDate, formatZonedTime } from '@openpractice/domain';

import { errorMessage } from '../../lib/api-client';
import { useChainState } from './api';

const at = (iso: string, timezone: string) =>
  `${formatZonedDate(iso, timezone)} ${formatZonedTime(iso, timezone)}`;

/**
 * The audit chain's state: 'Verified through {time}' (the newest row a keyed
 * checkpoint sealed, else the newest row whose hash holds), or an alert
 * naming the first broken link.
 */
export function ChainStateBanner({ timezone }: { timezone: string }) {
  const state = useChainState();
  if (state.isPending) {
    return (
      <Alert severity="info" role="status">
        Checking the audit chain…
      </Alert>
    );
  }
  if (state.isError) {
    return <Alert severity="warning">{errorMessage(state.error)}</Alert>;
  }
  const chain = state.data;
  if (!chain.ok) {
    return (
      <Alert severity="error" role="alert">
        The audit log has been tampered with: the chain breaks at row {chain.brokenAtId}
        {chain.brokenAt ? ` (${at(chain.brokenAt, timezone)})` : ''}: {chain.reason}.
      </Alert>
    );
  }
  const through = chain.verifiedThrough ?? chain.chainedThrough;
  return (
    <Alert severity="success" role="status">
      {through ? `Verified through ${at(through, timezone)}` : 'The audit log is empty.'}
      {chain.verifiedThrough && chain.unsealedRows > 0
        ? ` (${chain.unsealedRows} newer ${chain.unsealedRows === 1 ? 'entry is' : 'entries are'} sealed at the next checkpoint, within a minute).`
        : ''}
    </Alert>
  );
}
