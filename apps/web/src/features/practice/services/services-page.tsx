import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@openpractice/domain';
import { useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../ui/confirm/use-confirm';
import { PageSpinner } from '../../../ui/page-spinner';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useServices, useSetServiceActive, type ManagedService } from './api';
import { FeeSchedule } from './fee-schedule';
import { Offerings } from './offerings';
import { ServiceDialog } from './service-dialog';

const kindOf = (s: ManagedService) =>
  [
    s.isGroup ? 'Group' : 'Individual',
    s.isTelehealth ? 'telehealth' : '',
    s.isDefault ? 'default' : '',
  ]
    .filter(Boolean)
    .join(', ');

function ServiceRow({
  s,
  onEdit,
  onToggle,
}: {
  s: ManagedService;
  onEdit: (s: ManagedService) => void;
  onToggle: (s: ManagedService) => void;
}) {
  return (
    <TableRow>
      <TableCell>{s.cptCode}</TableCell>
      <TableCell>{s.description}</TableCell>
      <TableCell>{s.durationMinutes} minutes</TableCell>
      <TableCell>{formatMoney(s.feeCents)}</TableCell>
      <TableCell>{s.active ? kindOf(s) : 'Inactive'}</TableCell>
      <TableCell>
        <Button
          size="small"
          onClick={() => {
            onEdit(s);
          }}
          aria-label={`Edit ${s.cptCode}`}
        >
          Edit
        </Button>
        <Button
          size="small"
          color={s.active ? 'error' : 'primary'}
          onClick={() => {
            onToggle(s);
          }}
          aria-label={`${s.active ? 'Deactivate' : 'Reactivate'} ${s.cptCode}`}
        >
          {s.active ? 'Deactivate' : 'Reactivate'}
        </Button>
      </TableCell>
    </TableRow>
  );
}

function ServicesTable({
  services,
  onEdit,
  onToggle,
}: {
  services: ManagedService[];
  onEdit: (s: ManagedService) => void;
  onToggle: (s: ManagedService) => void;
}) {
  // Six columns do not fit a 375 px phone: the table scrolls on its own, not the whole page.
  return (
    <TableContainer>
      <Table size="small" aria-label="Services">
        <TableHead>
          <TableRow>
            <TableCell>CPT code</TableCell>
            <TableCell>Description</TableCell>
            <TableCell>Length</TableCell>
            <TableCell>Default fee</TableCell>
            <TableCell>Kind</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {services.map((s) => (
            <ServiceRow key={s.productId} s={s} onEdit={onEdit} onToggle={onToggle} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * `/practice/services`: services, default fees, fee schedules per payer and which therapists
 * offer which services (issue 16 item 3).
 */
export function ServicesPage() {
  const [showInactive, setShowInactive] = useState(false);
  const services = useServices(showInactive);
  const setActive = useSetServiceActive();
  const confirm = useConfirm();
  const notify = useNotify();
  const [editing, setEditing] = useState<ManagedService | 'new' | null>(null);

  const toggle = async (s: ManagedService) => {
    if (s.active) {
      const ok = await confirm({
        title: `Deactivate ${s.cptCode}?`,
        message: 'It will no longer be offered when scheduling. Past appointments keep it.',
        confirmText: 'Deactivate',
        color: 'error',
      });
      if (!ok) return;
    }
    try {
      await setActive.mutateAsync({ productId: s.productId, active: !s.active });
      notify.success(s.active ? `${s.cptCode} deactivated.` : `${s.cptCode} reactivated.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Services and fees
      </Typography>
      <Typography color="text.secondary">
        The services the practice bills, their length and default fee, and each payer’s fees.
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={() => {
            setEditing('new');
          }}
        >
          Add service
        </Button>
        <FormControlLabel
          label="Show inactive services"
          control={
            <Switch
              checked={showInactive}
              onChange={(e) => {
                setShowInactive(e.target.checked);
              }}
            />
          }
        />
      </Stack>
      {services.isPending && <PageSpinner label="Loading services" />}
      {services.isError && (
        <Alert severity="error">Unable to load services. {errorMessage(services.error)}</Alert>
      )}
      {services.data?.length === 0 && (
        <Alert severity="info">No services yet. Add the CPT codes the practice bills.</Alert>
      )}
      {services.data && services.data.length > 0 && (
        <ServicesTable
          services={services.data}
          onEdit={setEditing}
          onToggle={(x) => void toggle(x)}
        />
      )}
      {services.data && services.data.length > 0 && (
        <>
          <FeeSchedule services={services.data.filter((s) => s.active)} />
          <Offerings services={services.data.filter((s) => s.active)} />
        </>
      )}
      {editing !== null && (
        <ServiceDialog
          service={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
