import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { formRoutes } from '../../config/paths/form-links';
import { errorMessage } from '../../lib/api-client';
import { useMyForms } from './api';

/**
 * The portal home's forms (issue 21 item 4): those the client still has to fill in or sign,
 * each a link to where it is done. Nothing to do says so.
 */
export function FormsToComplete() {
  const forms = useMyForms();
  if (forms.isPending) return null;
  if (forms.isError)
    return <Alert severity="error">Unable to load your forms. {errorMessage(forms.error)}</Alert>;
  const open = forms.data.filter(
    (form) =>
      form.state === 'assigned' ||
      form.state === 'in_progress' ||
      (form.state === 'completed' && form.signatureRequired),
  );
  return (
    <Stack component="section" spacing={1} aria-labelledby="forms-to-complete">
      <Typography id="forms-to-complete" component="h2" variant="h6">
        Forms to complete
      </Typography>
      {open.length === 0 ? (
        <Typography color="text.secondary">You have no forms to complete.</Typography>
      ) : (
        <List aria-label="Forms to complete" disablePadding>
          {open.map((form) => (
            <ListItem key={form.id} disableGutters divider>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={formRoutes.portalEdit(form.id)}>
                    {form.name}
                  </Link>
                }
                secondary={form.state === 'completed' ? 'To sign' : 'To fill in'}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Stack>
  );
}
