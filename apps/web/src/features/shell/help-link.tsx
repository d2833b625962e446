import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import Button from '@mui/material/Button';

/** 'Help' opens the help centre in a new tab. */
export function HelpLink({ helpUrl, compact }: { helpUrl: string; compact: boolean }) {
  return (
    <Button
      href={helpUrl}
      target="_blank"
      rel="noopener noreferrer"
      color="inherit"
      startIcon={compact ? undefined : <HelpOutlineIcon />}
      sx={{ minWidth: 0, textTransform: 'none' }}
    >
      Help
    </Button>
  );
}
