import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLAN_STATE_LABELS } from '@openpractice/domain';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

import { treatmentPlanRoutes } from '../../config/paths/treatment-plan-links';
import { errorMessage } from '../../lib/api-errors';
import { PageSpinner } from '../../ui/page-spinner';
import { useClientPlans, useCreatePlan, usePlanTemplates, type ClientPlans } from './api';
import type { RunProtected } from './plan-editor';
import { PlanPanel } from './plan-panel';

/**
 * `/client/{id}/records/treatmentPlans/{therapistId?}` (and its iframe twin): the client's
 * plan with each of their therapists. Without a therapist in the address, the first who has
 * a plan (else the first) is shown; `planId` shows a past version.
 */
export function TreatmentPlansPage({
  patientId,
  therapistId,
  planId,
  runProtected,
  embedded,
  timeZone,
}: {
  patientId: number;
  therapistId: number | null;
  planId: number | null;
  runProtected: RunProtected;
  embedded: boolean;
  timeZone: string;
}) {
  const plans = useClientPlans(patientId);
  if (plans.isPending) return <PageSpinner />;
  if (plans.isError) {
    return (
      <Stack spacing={2}>
        <Typography component="h1" variant="h4">
          Treatment plans
        </Typography>
        <Alert severity="warning">{errorMessage(plans.error)}</Alert>
      </Stack>
    );
  }
  const therapists = plans.data;
  const chosen =
    therapists.find((t) => t.therapistId === therapistId) ??
    therapists.find((t) => t.current !== null) ??
    therapists[0];
  const href = (id: number) =>
    embedded
      ? treatmentPlanRoutes.iframe.getHref(patientId, id)
      : treatmentPlanRoutes.client.getHref(patientId, id);

  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Typography component="h1" variant="h4">
        Treatment plans
      </Typography>
      {therapists.length === 0 && (
        <Alert severity="info">
          This client has no therapist yet. A treatment plan is written by one of the client&apos;s
          therapists.
        </Alert>
      )}
      {therapists.length > 1 && (
        <Stack
          component="nav"
          aria-label="Therapists"
          direction="row"
          spacing={2}
          sx={{ flexWrap: 'wrap' }}
        >
          {therapists.map((t) => (
            <Link
              key={t.therapistId}
              component={RouterLink}
              to={href(t.therapistId)}
              aria-current={t.therapistId === chosen?.therapistId ? 'page' : undefined}
              sx={{ fontWeight: t.therapistId === chosen?.therapistId ? 700 : 400 }}
            >
              {t.therapistName}
              {t.current ? ` (${PLAN_STATE_LABELS[t.current.state]})` : ' (no plan)'}
            </Link>
          ))}
        </Stack>
      )}
      {chosen && chosen.current === null && (
        <StartPlan patientId={patientId} therapist={chosen} embedded={embedded} />
      )}
      {chosen?.current && (
        <PlanPanel
          key={planId ?? chosen.current.planId}
          planId={planId ?? chosen.current.planId}
          runProtected={runProtected}
          embedded={embedded}
          timeZone={timeZone}
        />
      )}
    </Stack>
  );
}

function StartPlan({
  patientId,
  therapist,
  embedded,
}: {
  patientId: number;
  therapist: ClientPlans[number];
  embedded: boolean;
}) {
  const templates = usePlanTemplates();
  const create = useCreatePlan();
  const navigate = useNavigate();
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    try {
      await create.mutateAsync({
        patientId,
        therapistId: therapist.therapistId,
        ...(templateId === '' ? {} : { templateId }),
      });
      if (!embedded)
        void navigate(treatmentPlanRoutes.client.getHref(patientId, therapist.therapistId));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <Stack spacing={2}>
      <Typography>{therapist.therapistName} has no treatment plan for this client yet.</Typography>
      {therapist.canCreate && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <TextField
            select
            size="small"
            label="Template"
            value={templateId === '' ? (templates.data?.[0]?.templateId ?? '') : templateId}
            onChange={(e) => {
              setTemplateId(Number(e.target.value));
            }}
            sx={{ minWidth: 260 }}
          >
            {(templates.data ?? []).map((t) => (
              <MenuItem key={t.templateId} value={t.templateId}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" disabled={create.isPending} onClick={() => void start()}>
            Start a treatment plan
          </Button>
        </Stack>
      )}
      {error && <Alert severity="error">{error}</Alert>}
    </Stack>
  );
}
