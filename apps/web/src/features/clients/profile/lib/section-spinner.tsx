import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** While a tab's data loads. */
export function SectionSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
