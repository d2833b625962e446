import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatPhone,
  PRACTICE_CONTACT_KIND_LABELS,
  type PracticeContactState,
} from '@openpractice/domain';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { usePracticeContactList, type PracticeContactRow } from './api';
import { useContactState } from './state-preference';

const STATE_LABELS: Record<PracticeContactState, string> = {
  active: 'Active',
  inactive: 'Inactive',
  all: 'All',
};

const EMPTY: Record<PracticeContactState, string> = {
  active: 'No active contacts yet. Add the doctors, schools and others who refer clients.',
  inactive: 'No inactive contacts.',
  all: 'No contacts yet. Add the doctors, schools and others who refer clients.',
};

function ContactLine({ contact }: { contact: PracticeContactRow }) {
  const details = [
    PRACTICE_CONTACT_KIND_LABELS[contact.kind],
    contact.organization,
    contact.phone && `Phone ${formatPhone(contact.phone)}`,
    contact.fax && `Fax ${formatPhone(contact.fax)}`,
  ].filter(Boolean);
  return (
    <ListItem divider sx={{ display: 'block', py: 1.5 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={paths.practiceContact.getHref(contact.contactId)}>
          {contact.name}
        </Link>
        {!contact.active && <Chip size="small" label="Inactive" />}
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {details.join(' · ')}
      </Typography>
    </ListItem>
  );
}

/** `/practice/contacts`: the practice's outside contacts, by state (remembered for the session). */
export function ContactsPage({ canEdit }: { canEdit: boolean }) {
  const [state, setState] = useContactState();
  const contacts = usePracticeContactList(state);
  return (
    <Stack spacing={3} sx={{ maxWidth: 880 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography component="h1" variant="h4">
          Practice contacts
        </Typography>
        {canEdit && (
          <Button
            variant="contained"
            component={RouterLink}
            to={paths.practiceContact.getHref('new')}
          >
            Add contact
          </Button>
        )}
      </Stack>
      <Typography color="text.secondary">
        Referral sources, physicians, schools, attorneys and other people outside the practice. A
        client&apos;s referral source is chosen from the active ones.
      </Typography>
      <TextField
        select
        label="Show"
        value={state}
        onChange={(event) => {
          setState(event.target.value as PracticeContactState);
        }}
        sx={{ maxWidth: 200 }}
      >
        {(Object.keys(STATE_LABELS) as PracticeContactState[]).map((s) => (
          <MenuItem key={s} value={s}>
            {STATE_LABELS[s]}
          </MenuItem>
        ))}
      </TextField>
      {contacts.isPending && <PageSpinner />}
      {contacts.isError && <Alert severity="error">{errorMessage(contacts.error)}</Alert>}
      {contacts.data?.length === 0 && <Typography>{EMPTY[state]}</Typography>}
      {contacts.data && contacts.data.length > 0 && (
        <List aria-label="Contacts" disablePadding>
          {contacts.data.map((contact) => (
            <ContactLine key={contact.contactId} contact={contact} />
          ))}
        </List>
      )}
    </Stack>
  );
}
