import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatPhone } from '@openpractice/domain';
import { useState } from 'react';

import { useConfirm } from '../../../../ui/confirm/use-confirm';
import {
  usePracticeContacts,
  useReferralSource,
  useSetReferralSource,
  type PracticeContact,
} from '../api/referral';
import { LoadFailed } from '../lib/load-failed';
import { MESSAGES } from '../lib/messages';
import { SectionSpinner } from '../lib/section-spinner';
import { useSaveFeedback } from '../lib/use-save-feedback';
import { ReferralFaxes } from './referral-faxes';
import { SendFaxDialog } from './send-fax-dialog';

const describeContact = (contact: PracticeContact) =>
  [contact.name, contact.organization, contact.phone ? formatPhone(contact.phone) : null]
    .filter(Boolean)
    .join(' · ');

/** Who referred the client: one of the practice's outside contacts, and the faxes sent to them. */
export function ReferralTab({ patientId }: { patientId: number }) {
  // A failure to load the referral source is only logged (spec-2 §8).
  const referral = useReferralSource(patientId);

  if (referral.isPending) return <SectionSpinner />;
  if (referral.isLoadingError) return <LoadFailed onRetry={() => void referral.refetch()} />;
  const current = referral.data;

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography>
        {current ? `Referred by ${describeContact(current)}.` : 'No referral source.'}
      </Typography>
      <ReferralSourcePicker patientId={patientId} current={current} />
      {current && <SendFaxAction patientId={patientId} fax={current.fax} />}
      <ReferralFaxes patientId={patientId} />
    </Stack>
  );
}

/** Choosing the referral source among the practice's active contacts, or removing it. */
function ReferralSourcePicker({
  patientId,
  current,
}: {
  patientId: number;
  current: PracticeContact | null;
}) {
  const contacts = usePracticeContacts();
  const setReferral = useSetReferralSource(patientId);
  const confirm = useConfirm();
  const feedback = useSaveFeedback();
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? (current ? String(current.contactId) : '');
  const options = (contacts.data ?? []).filter(
    (c) => c.active || c.contactId === current?.contactId,
  );

  const onSave = async () => {
    if (selected === '') return;
    try {
      feedback.saved(await setReferral.mutateAsync(Number(selected)));
      setChosen(null);
    } catch (error) {
      feedback.failed(MESSAGES.saveReferral, error);
    }
  };

  const onRemove = async () => {
    const confirmed = await confirm({
      title: 'Remove the referral source?',
      message: current ? describeContact(current) : '',
      confirmText: 'Remove',
      color: 'warning',
    });
    if (!confirmed) return;
    try {
      feedback.saved(await setReferral.mutateAsync(null));
      setChosen(null);
    } catch (error) {
      feedback.failed(MESSAGES.deleteReferral, error);
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: 'flex-start' }}
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
    >
      <TextField
        select
        label="Referral source"
        value={selected}
        onChange={(event) => {
          setChosen(event.target.value);
        }}
        helperText={contacts.isError ? 'The practice’s contacts could not be loaded.' : ' '}
        sx={{ minWidth: 320 }}
      >
        {options.map((contact) => (
          <MenuItem key={contact.contactId} value={String(contact.contactId)}>
            {contact.organization ? `${contact.name} (${contact.organization})` : contact.name}
          </MenuItem>
        ))}
      </TextField>
      <Button
        type="submit"
        variant="contained"
        disabled={
          setReferral.isPending || selected === '' || selected === String(current?.contactId)
        }
        sx={{ mt: 1 }}
      >
        Save
      </Button>
      {current && (
        <Button
          color="error"
          disabled={setReferral.isPending}
          onClick={() => void onRemove()}
          sx={{ mt: 1 }}
        >
          Remove
        </Button>
      )}
    </Stack>
  );
}

/** Sending the referral letter to the source's fax, or saying it has none. */
function SendFaxAction({ patientId, fax }: { patientId: number; fax: string | null }) {
  const [faxing, setFaxing] = useState(false);
  if (!fax) {
    return <Typography color="text.secondary">The referral source has no fax number.</Typography>;
  }
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button
          variant="outlined"
          onClick={() => {
            setFaxing(true);
          }}
        >
          Send fax
        </Button>
        <Typography color="text.secondary">Fax {formatPhone(fax)}</Typography>
      </Stack>
      {faxing && (
        <SendFaxDialog
          patientId={patientId}
          onClose={() => {
            setFaxing(false);
          }}
        />
      )}
    </>
  );
}
