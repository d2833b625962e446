import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';

import type { BookingResult } from './api';
import { browserTimeZone, whenForVisitor } from './booking-week';
import { locationText } from './therapist-facts';

export const CONFIRMED_HEADING = 'Your appointment is confirmed';
export const CONFIRMED_TEXT = 'We sent the details to your email.';
export const REQUESTED_HEADING = 'Request sent';
export const REQUESTED_TEXT = 'Your request has been sent. The practice will confirm it by email.';

/**
 * What a booking made: confirmed at once, or sent to the practice to
 * confirm (the practice's setting). Focus moves to the heading so a screen
 * reader announces the outcome.
 */
export function BookingSuccess({
  result,
  actions,
  headingComponent = 'h1',
}: {
  result: BookingResult;
  actions?: ReactNode;
  /** h1 on a page of its own (public); h2 under the page's heading. */
  headingComponent?: 'h1' | 'h2';
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const confirmed = result.status === 'CONFIRMED';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
      <Stack spacing={2}>
        <Typography
          component={headingComponent}
          variant="h4"
          ref={heading}
          tabIndex={-1}
          sx={{ outline: 'none' }}
        >
          {confirmed ? CONFIRMED_HEADING : REQUESTED_HEADING}
        </Typography>
        <Alert severity={confirmed ? 'success' : 'info'}>
          {confirmed ? CONFIRMED_TEXT : REQUESTED_TEXT}
        </Alert>
        <dl style={{ margin: 0 }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            When
          </Typography>
          <Typography component="dd" sx={{ ml: 0, mb: 1 }}>
            {whenForVisitor(result.start, result.timezone, browserTimeZone())}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            With
          </Typography>
          <Typography component="dd" sx={{ ml: 0, mb: 1 }}>
            {result.therapistName}, {result.practiceName}
          </Typography>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            Where
          </Typography>
          <Typography component="dd" sx={{ ml: 0 }}>
            {result.isTelehealth
              ? 'Telehealth (video)'
              : result.location
                ? locationText(result.location)
                : 'In person'}
          </Typography>
        </dl>
        {actions}
      </Stack>
    </Paper>
  );
}
