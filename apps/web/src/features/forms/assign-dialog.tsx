import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';

import { errorMessage } from '../../lib/api-errors';
import { useNotify } from '../../ui/snackbar/use-notify';
import { useAssignForms, usePracticeList } from './api';

/** Giving one or several of the practice's published forms to a client, now or before their next appointment. */
export function AssignDialog({
  patientId,
  open,
  onClose,
}: {
  patientId: number;
  open: boolean;
  onClose: () => void;
}) {
  const forms = usePracticeList();
  const assign = useAssignForms();
  const notify = useNotify();
  const [chosen, setChosen] = useState<number[]>([]);
  const [when, setWhen] = useState<'now' | 'nextAppointment'>('now');
  const close = () => {
    setChosen([]);
    assign.reset();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="assign-title">
      <DialogTitle id="assign-title">Assign forms</DialogTitle>
      <DialogContent>
        {forms.isError && <Alert severity="warning">{errorMessage(forms.error)}</Alert>}
        {forms.data?.length === 0 && (
          <Alert severity="info">The practice has no published forms to give yet.</Alert>
        )}
        <FormControl component="fieldset" sx={{ mb: 2 }}>
          <FormLabel component="legend">Forms</FormLabel>
          <FormGroup>
            {(forms.data ?? []).map((f) => (
              <FormControlLabel
                key={f.id}
                label={`${f.name} (version ${String(f.currentVersion ?? '')})`}
                control={
                  <Checkbox
                    checked={chosen.includes(f.id)}
                    onChange={(event) => {
                      setChosen((c) =>
                        event.target.checked ? [...c, f.id] : c.filter((x) => x !== f.id),
                      );
                    }}
                  />
                }
              />
            ))}
          </FormGroup>
        </FormControl>
        <FormControl component="fieldset">
          <FormLabel component="legend">When</FormLabel>
          <RadioGroup
            value={when}
            onChange={(event) => {
              setWhen(event.target.value === 'nextAppointment' ? 'nextAppointment' : 'now');
            }}
          >
            <FormControlLabel value="now" control={<Radio />} label="Now" />
            <FormControlLabel
              value="nextAppointment"
              control={<Radio />}
              label="Before the next appointment"
            />
          </RadioGroup>
        </FormControl>
        {assign.isError && <Alert severity="error">{errorMessage(assign.error)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || assign.isPending}
          onClick={() => {
            assign.mutate(
              { patientId, formDefinitionIds: chosen, when },
              {
                onSuccess: (result) => {
                  const skipped = result.alreadyOpen.length;
                  notify.success(
                    `${String(result.data.length)} form(s) assigned.${
                      skipped ? ` ${String(skipped)} already open, not given twice.` : ''
                    }`,
                  );
                  close();
                },
              },
            );
          }}
        >
          Assign
        </Button>
      </DialogActions>
    </Dialog>
  );
}
