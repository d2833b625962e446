import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useNavigate, useParams } from 'react-router';

import type { PickedClient } from '../../../ui/client-picker';
import { useClientSummary } from '../api';
import { ChosenClient } from '../parts/chosen-client';
import { SavedCardsPanel } from './saved-cards-panel';

const CARD_PAGE = '/practice/card';

/**
 * `/practice/card/{id?}` (spec-1 §2 Practice, spec-2 routes): a client's card on file, entered
 * through the practice's processor (Stripe's Payment Element, or the local processor's fields)
 * so the number never reaches us. With an id it opens on that client; without one the person
 * finds the client first. The spec gives the page no more than its address; docs/decisions.md
 * says why it is this one. Payment role, as the card calls.
 */
export function CardPage() {
  const { part: patientId } = useParams();
  const id = patientId !== undefined && /^\d{1,9}$/.test(patientId) ? Number(patientId) : 0;
  const summary = useClientSummary(id, id > 0);
  const navigate = useNavigate();
  const client: PickedClient | null =
    id > 0 ? { id, name: summary.data?.fullName ?? `Client ${String(id)}` } : null;
  return (
    <Stack spacing={3}>
      <Stack spacing={1}>
        <Typography component="h1" variant="h4">
          Card on file
        </Typography>
        <Typography color="text.secondary">
          Keep a client&apos;s card for later payments: it is typed into the card processor&apos;s
          own fields and only the processor&apos;s token is kept.
        </Typography>
      </Stack>
      <ChosenClient
        label="Client"
        client={client}
        onChange={(picked) => {
          void navigate(picked ? `${CARD_PAGE}/${String(picked.id)}` : CARD_PAGE);
        }}
      />
      {client !== null && <SavedCardsPanel key={client.id} patientId={client.id} />}
    </Stack>
  );
}
