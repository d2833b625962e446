import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';

import { useLegacyLinks } from '../api/profile';
import { SectionSpinner } from '../lib/section-spinner';

/** Records of an earlier system linked to this client. A failure to load is only logged. */
export function LegacyLinksTab({ patientId }: { patientId: number }) {
  const links = useLegacyLinks(patientId);
  if (links.isPending) return <SectionSpinner />;
  if (links.isLoadingError) return <Typography>The linked records could not be loaded.</Typography>;
  if (links.data.length === 0) return <Typography>No linked records.</Typography>;
  return (
    <List aria-label="Linked records">
      {links.data.map((link) => (
        <ListItem key={String(link.id)} divider>
          <ListItemText primary={link.label ?? link.name ?? String(link.id)} />
        </ListItem>
      ))}
    </List>
  );
}
