import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';

import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { useSnackbar } from '../../../ui/snackbar/snackbar';
import { usePracticeContact, useSavePracticeContact } from './api';
import { ContactForm } from './contact-form';

/** `/practice/contacts/{id}` (or `new`): one contact, to read or (with the right role) change. */
export function ContactPage({ canEdit }: { canEdit: boolean }) {
  const { contactId: param } = useParams();
  const contactId = param === 'new' ? null : Number(param);
  const valid = contactId === null || (Number.isInteger(contactId) && contactId > 0);
  const contact = usePracticeContact(valid ? contactId : null);
  const save = useSavePracticeContact(contactId);
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const title = contactId === null ? 'New contact' : (contact.data?.name ?? 'Contact');
  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Link component={RouterLink} to={paths.practiceContacts.getHref()}>
        Back to practice contacts
      </Link>
      <Typography component="h1" variant="h4">
        {title}
      </Typography>
      {!valid && <Alert severity="error">That contact was not found.</Alert>}
      {contactId !== null && contact.isPending && valid && <PageSpinner />}
      {contact.isError && <Alert severity="error">{errorMessage(contact.error)}</Alert>}
      {contact.data && contact.data.referredClients > 0 && (
        <Typography color="text.secondary">
          Referral source of {contact.data.referredClients}{' '}
          {contact.data.referredClients === 1 ? 'client' : 'clients'}.
        </Typography>
      )}
      {(contactId === null || contact.data) && valid && (
        <ContactForm
          key={contact.dataUpdatedAt}
          contact={contact.data ?? null}
          canEdit={canEdit && (contactId === null ? true : Boolean(contact.data))}
          onSave={async (input) => {
            const saved = await save.mutateAsync(input);
            enqueueSnackbar(contactId === null ? 'Contact added.' : 'Contact saved.', {
              variant: 'success',
            });
            if (contactId === null) {
              void navigate(paths.practiceContact.getHref(saved.data.contactId), {
                replace: true,
              });
            }
          }}
        />
      )}
    </Stack>
  );
}
