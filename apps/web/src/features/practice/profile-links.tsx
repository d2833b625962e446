import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../config/paths';

/** Links from Settings to the contacts, demographic settings (managers) and logo pages. */
export function PracticeProfileLinks({ isManager }: { isManager: boolean }) {
  const links = [
    { to: paths.practiceContacts.getHref(), label: 'Practice contacts' },
    ...(isManager
      ? [{ to: paths.demographicSettings.getHref(), label: 'Demographic settings' }]
      : []),
    { to: paths.practiceLogo.getHref(), label: 'Practice logo' },
  ];
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {links.map((link) => (
        <Button key={link.to} component={RouterLink} to={link.to} variant="outlined">
          {link.label}
        </Button>
      ))}
    </Stack>
  );
}
