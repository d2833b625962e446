import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatPhone, formatUsDate, NONE_TEXT } from '@openpractice/domain';
import type { ReactNode } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { useClientSummary } from './api';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mb: 1 }}>
        {children}
      </Typography>
    </>
  );
}

/** One side of the comparison: the record's name, number, birth date, therapists and contacts. */
export function RecordCard({
  title,
  patientId,
  placeholder,
}: {
  title: string;
  patientId: number | null;
  /** Shown while no record is chosen. */
  placeholder?: string;
}) {
  const summary = useClientSummary(patientId);
  const data = summary.data;
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ flex: 1, minWidth: 260 }}>
      <CardContent>
        <Typography component="h2" variant="h6" gutterBottom>
          {title}
        </Typography>
        {patientId === null && <Typography color="text.secondary">{placeholder}</Typography>}
        {patientId !== null && summary.isPending && <Skeleton variant="rounded" height={160} />}
        {summary.isError && <Alert severity="error">{errorMessage(summary.error)}</Alert>}
        {data && (
          <dl style={{ margin: 0 }}>
            <Line label="Name">{data.fullName}</Line>
            <Line label="Account number">{data.userNumber}</Line>
            <Line label="Date of birth">{formatUsDate(data.dob, NONE_TEXT)}</Line>
            <Line label="Therapists">
              {data.therapists.length === 0
                ? NONE_TEXT
                : data.therapists.map((t) => `${t.name} (${t.status.toLowerCase()})`).join(', ')}
            </Line>
            <Line label="Phone">
              {data.defaultPhone ? formatPhone(data.defaultPhone) : NONE_TEXT}
            </Line>
            <Line label="Email">{data.defaultEmail ?? NONE_TEXT}</Line>
            {data.alert && <Line label="Alert">{data.alert}</Line>}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
