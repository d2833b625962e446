import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';

import type { DashboardAlert } from './types';

/** Practice-wide notices from the navigation data, above every page. */
export function DashboardAlerts({ alerts }: { alerts: DashboardAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {alerts.map((alert) => (
        <Alert key={alert.id} severity={alert.severity}>
          {alert.message}
        </Alert>
      ))}
    </Stack>
  );
}
