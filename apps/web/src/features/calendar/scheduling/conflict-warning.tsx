import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

import { ALLOW_DOUBLE_BOOKING, conflictText, SCHEDULING_MESSAGES } from './messages';

/**
 * Warns when the conflict check failed or found clashes, offering to double-book anyway.
 * `refusal` is the server's 409 for a save the count did not foresee (a later occurrence
 * of a series, a booking made meanwhile): said here, with the same offer.
 */
export function ConflictWarning({
  failed,
  conflictCount,
  refusal = null,
  allowDoubleBooking,
  disabled,
  onAllowDoubleBooking,
}: {
  failed: boolean;
  conflictCount: number | null;
  refusal?: string | null;
  allowDoubleBooking: boolean;
  disabled: boolean;
  onAllowDoubleBooking: (value: boolean) => void;
}) {
  const counted = conflictCount !== null && conflictCount > 0;
  return (
    <>
      {failed && <Alert severity="warning">{SCHEDULING_MESSAGES.conflictsFailed}</Alert>}
      {(counted || refusal !== null) && (
        <Alert severity="warning">
          {counted && <Box>{conflictText(conflictCount)}</Box>}
          {refusal !== null && <Box>{refusal}</Box>}
          <Box>
            <FormControlLabel
              label={ALLOW_DOUBLE_BOOKING}
              control={
                <Checkbox
                  checked={allowDoubleBooking}
                  disabled={disabled}
                  onChange={(event) => {
                    onAllowDoubleBooking(event.target.checked);
                  }}
                />
              }
            />
          </Box>
        </Alert>
      )}
    </>
  );
}
