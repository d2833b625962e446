import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { useTherapists, type Therapist } from '../api';
import type { CardProcessor } from './api';
import { feeText } from './fee-text';
import { usePracticeProcessors, useSaveProcessor } from './processors-api';

const nameOf = (t: Therapist) => `${t.practitionerFirstName} ${t.practitionerLastName}`;

/** Which therapists one processor serves (spec-2 §6): all, or those ticked. */
function ServedBy({
  processor,
  therapists,
}: {
  processor: CardProcessor;
  therapists: readonly Therapist[];
}) {
  const save = useSaveProcessor();
  const [all, setAll] = useState(processor.allTherapists);
  const [chosen, setChosen] = useState(() => new Set(processor.therapistIds));
  const toggle = (id: number) => {
    setChosen((old) => {
      const next = new Set(old);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  };
  return (
    <Stack spacing={1}>
      {save.isError && <Alert severity="error">{errorMessage(save.error)}</Alert>}
      <FormControlLabel
        control={
          <Checkbox
            checked={all}
            onChange={(event) => {
              setAll(event.target.checked);
            }}
          />
        }
        label="Serves every therapist"
      />
      {!all && (
        <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <legend>Therapists it serves</legend>
          {therapists.map((t) => (
            <FormControlLabel
              key={t.id}
              control={
                <Checkbox
                  checked={chosen.has(t.id)}
                  onChange={() => {
                    toggle(t.id);
                  }}
                />
              }
              label={nameOf(t)}
            />
          ))}
        </Stack>
      )}
      <Button
        variant="outlined"
        sx={{ alignSelf: 'flex-start' }}
        loading={save.isPending}
        onClick={() => {
          save.mutate({
            processorId: processor.processorId,
            kind: processor.kind,
            name: processor.name,
            allTherapists: all,
            therapistIds: all ? [] : [...chosen],
            feePercentBp: processor.feePercentBp,
            feeFixedCents: processor.feeFixedCents,
            active: processor.active,
          });
        }}
      >
        Save {processor.name}
      </Button>
    </Stack>
  );
}

// Only the owner connects an account: the form's code loads for them alone.
const StripeConnectForm = lazy(async () => ({
  default: (await import('./stripe-connect-form')).StripeConnectForm,
}));

/**
 * Which Stripe account a processor uses, test or live, and where Stripe sends its events. The
 * owner may change a connected account's keys (rolled at Stripe, or another account): the
 * connect form opens for this processor, so its cards, charges and webhook address stay.
 */
function AccountCell({
  processor,
  onChangeKeys,
}: {
  processor: CardProcessor;
  onChangeKeys: ((processor: CardProcessor) => void) | null;
}) {
  const account = processor.stripeAccount;
  if (processor.kind === 'local') return <>No account: nothing is charged</>;
  if (!account) return <>The server's Stripe account</>;
  return (
    <Stack spacing={0.5}>
      <span>
        {account.label} ({account.liveMode ? 'live' : 'test mode'})
      </span>
      <Typography variant="body2">
        Connected {new Date(account.connectedAt).toLocaleDateString('en-US')}. Webhook address for
        Stripe: <code>{account.webhookUrl}</code>
      </Typography>
      {onChangeKeys && (
        <Button
          variant="outlined"
          size="small"
          sx={{ alignSelf: 'flex-start' }}
          aria-label={`Change keys of ${processor.name}`}
          onClick={() => {
            onChangeKeys(processor);
          }}
        >
          Change keys
        </Button>
      )}
    </Stack>
  );
}

/** A local test processor for offline use: a name is all it needs. */
function AddLocalProcessor() {
  const [name, setName] = useState('');
  const add = useSaveProcessor();
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ maxWidth: 420 }}
      aria-label="Add a local test processor"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(
          { kind: 'local', name: name.trim(), allTherapists: true, therapistIds: [] },
          {
            onSuccess: () => {
              setName('');
            },
          },
        );
      }}
    >
      <Typography component="h2" variant="h6">
        Add a local test processor
      </Typography>
      {add.isError && <Alert severity="error">{errorMessage(add.error)}</Alert>}
      <TextField
        label="Name"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
        }}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        Add
      </Button>
    </Stack>
  );
}

/**
 * `/practice/paymentProcessing` (issue 19 item 6): the practice's card processors, the fees
 * each charges, which therapists each serves, which Stripe account each uses, a link to its
 * compliance questions, and a plain statement when one moves no money. The owner connects a
 * Stripe account here (`canConnect`).
 */
export function ProcessorsPage({ canConnect }: { canConnect: boolean }) {
  const processors = usePracticeProcessors();
  const therapists = useTherapists();
  // The connected processor whose keys the owner is changing; null: the form connects a new one.
  const [changing, setChanging] = useState<CardProcessor | null>(null);
  return (
    <Stack spacing={3}>
      <Typography component="h1" variant="h4">
        Card processing
      </Typography>
      {processors.isPending && <PageSpinner label="Loading the card processors" />}
      {processors.isError && <Alert severity="error">{errorMessage(processors.error)}</Alert>}
      {processors.data?.some((p) => !p.movesMoney) && (
        <Alert severity="info">
          The local test processor moves no money: cards are checked and kept as tokens, and
          payments are recorded, but no one is charged.
        </Alert>
      )}
      {processors.data && (
        <Table aria-label="Card processors">
          <TableHead>
            <TableRow>
              <TableCell>Processor</TableCell>
              <TableCell>Fees</TableCell>
              <TableCell>Moves money</TableCell>
              <TableCell>Account</TableCell>
              <TableCell>Therapists</TableCell>
              <TableCell>Compliance</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {processors.data.map((p) => (
              <TableRow key={p.processorId}>
                <TableCell>
                  {p.name} ({p.kind === 'local' ? 'local' : 'Stripe'}){!p.active && ', inactive'}
                </TableCell>
                <TableCell>{feeText(p)}</TableCell>
                <TableCell>{p.movesMoney ? 'Yes' : 'No'}</TableCell>
                <TableCell>
                  <AccountCell processor={p} onChangeKeys={canConnect ? setChanging : null} />
                </TableCell>
                <TableCell>
                  <ServedBy processor={p} therapists={therapists.data ?? []} />
                </TableCell>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={`/practice/paymentProcessing/compliance?processorId=${String(p.processorId)}`}
                  >
                    Compliance questions for {p.name}
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <AddLocalProcessor />
      {canConnect ? (
        <Suspense fallback={<PageSpinner label="Loading the Stripe form" />}>
          {changing ? (
            <Stack spacing={1}>
              {/* A new form per processor: no key typed for one is ever sent for another. */}
              <StripeConnectForm key={changing.processorId} reconnect={changing} autoFocus />
              <Button
                sx={{ alignSelf: 'flex-start' }}
                onClick={() => {
                  setChanging(null);
                }}
              >
                Cancel changing keys
              </Button>
            </Stack>
          ) : (
            <StripeConnectForm />
          )}
        </Suspense>
      ) : (
        <Typography variant="body2">
          Only the practice owner can connect a Stripe account.
        </Typography>
      )}
    </Stack>
  );
}
