import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableContainer from '@mui/material/TableContainer';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatUsDate } from '@openpractice/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useConfirm } from '../../../ui/confirm/use-confirm';
import { PageSpinner } from '../../../ui/page-spinner';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useLocations, useSetLocationActive, type ManagedLocation } from './api';
import { LocationDialog } from './location-dialog';

function statusOf(l: ManagedLocation): string {
  if (!l.active) return 'Inactive';
  if (l.closesOn) return `Closes ${formatUsDate(l.closesOn)}`;
  return 'Open';
}

function LocationRow({
  l,
  onEdit,
  onToggle,
}: {
  l: ManagedLocation;
  onEdit: (l: ManagedLocation) => void;
  onToggle: (l: ManagedLocation) => void;
}) {
  return (
    <TableRow>
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span
            aria-hidden
            style={{ width: 14, height: 14, borderRadius: 7, background: l.color }}
          />
          <span>{l.name}</span>
          {l.isEffectiveDefault && <strong>(default)</strong>}
        </Stack>
      </TableCell>
      <TableCell>
        {[l.addressLine1, l.city, l.state, l.zipcode].filter(Boolean).join(', ')}
      </TableCell>
      <TableCell>{l.placeOfServiceCode}</TableCell>
      <TableCell>{statusOf(l)}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            onClick={() => {
              onEdit(l);
            }}
            aria-label={`Edit ${l.name}`}
          >
            Edit
          </Button>
          {l.active && (
            <Button
              size="small"
              component={RouterLink}
              to={paths.practiceLocations.close.getHref(l.practiceLocationId)}
              aria-label={`Close ${l.name}`}
            >
              Close
            </Button>
          )}
          <Button
            size="small"
            color={l.active ? 'error' : 'primary'}
            onClick={() => {
              onToggle(l);
            }}
            aria-label={`${l.active ? 'Deactivate' : 'Reactivate'} ${l.name}`}
          >
            {l.active ? 'Deactivate' : 'Reactivate'}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}

/** `/practice/locations/service`: the practice's locations (issue 16 item 2), owners and managers. */
export function LocationsPage() {
  const [showInactive, setShowInactive] = useState(false);
  const locations = useLocations(showInactive);
  const setActive = useSetLocationActive();
  const confirm = useConfirm();
  const notify = useNotify();
  const [editing, setEditing] = useState<ManagedLocation | 'new' | null>(null);

  const toggle = async (l: ManagedLocation) => {
    if (l.active) {
      const ok = await confirm({
        title: `Deactivate ${l.name}?`,
        message:
          'It leaves every list and cannot be booked. Appointments already there keep it: to see and move them first, use Close instead.',
        confirmText: 'Deactivate',
        color: 'error',
      });
      if (!ok) return;
    }
    try {
      await setActive.mutateAsync({ practiceLocationId: l.practiceLocationId, active: !l.active });
      notify.success(l.active ? `${l.name} deactivated.` : `${l.name} reactivated.`);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Locations
      </Typography>
      <Typography color="text.secondary">
        Where the practice sees clients. The default location is the one marked default, or else the
        one named Main.
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={() => {
            setEditing('new');
          }}
        >
          Add location
        </Button>
        <FormControlLabel
          label="Show inactive locations"
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
      {locations.isPending && <PageSpinner label="Loading locations" />}
      {locations.isError && (
        <Alert severity="error">Unable to load locations. {errorMessage(locations.error)}</Alert>
      )}
      {locations.data?.length === 0 && (
        <Alert severity="info">No locations yet. Add the places where you see clients.</Alert>
      )}
      {locations.data && locations.data.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label="Locations">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Address</TableCell>
                <TableCell>Place of service</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {locations.data.map((l) => (
                <LocationRow
                  key={l.practiceLocationId}
                  l={l}
                  onEdit={setEditing}
                  onToggle={(x) => void toggle(x)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing !== null && (
        <LocationDialog
          location={editing === 'new' ? null : editing}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
