import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { toFieldValidator } from '@openpractice/domain';
import { useId } from 'react';
import { useForm } from 'react-hook-form';

import { errorMessage } from '../../../../lib/api-client';
import {
  useReferralFaxTemplate,
  useSendReferralFax,
  type ReferralFaxTemplate,
  type SendReferralFax,
  type SentReferralFax,
} from '../api/referral';
import { fieldOf } from '../lib/failure-message';
import { FormTextField } from '../lib/form-text-field';
import { MESSAGES } from '../lib/messages';
import { useSaveFeedback } from '../lib/use-save-feedback';

/** The letter as the form edits it: what the template filled in, to be sent. */
type FaxFields = Omit<ReferralFaxTemplate, 'contactName'>;

/** The server's limits (spec-2 §7 sendFax), checked here first with the same domain rules. */
const SUBJECT_RULE = toFieldValidator([{ name: 'required' }, { name: 'max', value: 200 }]);
const BODY_RULE = toFieldValidator([{ name: 'required' }, { name: 'max', value: 10_000 }]);
const FAX_RULE = toFieldValidator([{ name: 'required' }, { name: 'fax' }]);

/**
 * Sends the referral acknowledgement letter to the referral source: the
 * server fills the letter in, the person may edit it (and the number), and
 * Send hands it to the fax adapter. Without a fax service the fax is kept,
 * not sent, and the toast says so.
 */
export function SendFaxDialog({ patientId, onClose }: { patientId: number; onClose: () => void }) {
  const template = useReferralFaxTemplate(patientId, true);
  const send = useSendReferralFax(patientId);
  const titleId = useId();
  const busy = send.isPending;

  return (
    <Dialog
      open
      fullWidth
      maxWidth="md"
      onClose={() => {
        if (!busy) onClose();
      }}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Send fax to the referral source</DialogTitle>
      {template.isSuccess ? (
        <FaxForm
          template={template.data}
          busy={busy}
          send={(fax) => send.mutateAsync(fax)}
          onClose={onClose}
        />
      ) : (
        <>
          <DialogContent>
            {template.isPending ? (
              <Stack sx={{ alignItems: 'center', py: 4 }}>
                <CircularProgress aria-label="Preparing the letter" />
              </Stack>
            ) : (
              <Alert severity="error">
                The letter could not be prepared. {errorMessage(template.error)}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function FaxForm({
  template,
  busy,
  send,
  onClose,
}: {
  template: ReferralFaxTemplate;
  busy: boolean;
  send: (fax: SendReferralFax) => Promise<SentReferralFax>;
  onClose: () => void;
}) {
  const feedback = useSaveFeedback();
  const { control, handleSubmit, setError } = useForm<FaxFields>({
    defaultValues: {
      faxNumber: template.faxNumber,
      subject: template.subject,
      body: template.body,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await send({
        subject: values.subject.trim(),
        body: values.body,
        faxNumber: values.faxNumber.trim(),
      });
      feedback.notify.success(result.status === 'sent' ? MESSAGES.faxSent : MESSAGES.faxLogged);
      onClose();
    } catch (error) {
      feedback.failed(MESSAGES.sendFax, error);
      const field = fieldOf(error);
      if (field === 'faxNumber' || field === 'subject' || field === 'body') {
        setError(field, { message: errorMessage(error) });
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>To {template.contactName}.</DialogContentText>
          <FormTextField
            control={control}
            name="faxNumber"
            label="Fax number"
            required
            validate={(value: string) => FAX_RULE(value.trim())}
            slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
          />
          <FormTextField
            control={control}
            name="subject"
            label="Subject"
            required
            validate={(value: string) => SUBJECT_RULE(value.trim())}
          />
          <FormTextField
            control={control}
            name="body"
            label="Letter"
            required
            multiline
            minRows={10}
            maxRows={20}
            validate={(value: string) => BODY_RULE(value.trim() === '' ? '' : value)}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          Send
        </Button>
      </DialogActions>
    </form>
  );
}
