import Box from '@mui/material/Box';
import { formatCount } from '@openpractice/domain';

/** A count beside a navigation label ('99+' above 99). */
export function NavCount({ count }: { count: number }) {
  return (
    <Box
      component="span"
      sx={{
        ml: 1,
        px: 0.75,
        minWidth: 20,
        borderRadius: 10,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        fontSize: '0.75rem',
        fontWeight: 600,
        lineHeight: '20px',
        textAlign: 'center',
      }}
    >
      {formatCount(count)}
    </Box>
  );
}
