import Box from '@mui/material/Box';

/**
 * A field's helper text that warns without refusing (the form still saves):
 * in the warning colour, prefixed so it is not read as a plain hint.
 */
export function FieldWarning({ children }: { children: string }) {
  return (
    <Box component="span" sx={{ color: 'warning.main' }}>
      Check: {children}
    </Box>
  );
}
