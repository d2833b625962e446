import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A centred spinner for a page (or the app) that is still loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}
    >
      <CircularProgress aria-label={label} />
    </Box>
  );
}
