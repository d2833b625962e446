import Box from '@mui/material/Box';

/** A small square of a calendar's colour, beside its name. */
export function Swatch({ color }: { color: string }) {
  return (
    <Box
      aria-hidden
      component="span"
      sx={{
        display: 'inline-block',
        width: 16,
        height: 16,
        borderRadius: '4px',
        bgcolor: color,
        flexShrink: 0,
      }}
    />
  );
}
