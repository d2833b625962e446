import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';

import { errorMessage } from '../../../lib/api-client';
import { PageSpinner } from '../../../ui/page-spinner';
import { useNotify } from '../../../ui/snackbar/use-notify';
import { useOfferings, useSaveOfferings, type ManagedService, type Offering } from './api';
import {
  chooseEvery,
  draftOf,
  draftProblem,
  OFFERINGS_SAVED_MESSAGE,
  productIdsToSave,
  sameDraft,
  toggleService,
  type OfferingDraft,
} from './offerings-draft';

/**
 * One therapist as a fieldset named by them (screen readers and tests find their boxes by
 * it). The boxes are one column: a service's description wraps on a 375 px phone instead of
 * pushing the page sideways.
 */
function TherapistServices({
  offering,
  draft,
  services,
  disabled,
  onChange,
}: {
  offering: Offering;
  draft: OfferingDraft;
  services: ManagedService[];
  disabled: boolean;
  onChange: (draft: OfferingDraft) => void;
}) {
  const activeIds = services.map((s) => s.productId);
  return (
    <FormControl component="fieldset" variant="standard" disabled={disabled}>
      <FormLabel component="legend" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {offering.name}
      </FormLabel>
      <FormControlLabel
        label="Every service, also ones added later"
        control={
          <Checkbox
            checked={draft.every}
            onChange={(e) => {
              onChange(chooseEvery(draft, e.target.checked, activeIds));
            }}
          />
        }
      />
      {!draft.every && (
        <FormGroup sx={{ pl: 3 }}>
          {services.map((s) => (
            <FormControlLabel
              key={s.productId}
              label={`${s.cptCode} ${s.description}`}
              control={
                <Checkbox
                  checked={draft.productIds.includes(s.productId)}
                  onChange={(e) => {
                    onChange(toggleService(draft, s.productId, e.target.checked));
                  }}
                />
              }
            />
          ))}
        </FormGroup>
      )}
    </FormControl>
  );
}

/**
 * The therapists' boxes and the one Save. Each changed therapist is sent in turn; one whose
 * save fails keeps its boxes as ticked, with the server's message, so nothing is lost and
 * Save can simply be pressed again.
 */
function OfferingsForm({
  therapists,
  services,
}: {
  therapists: Offering[];
  services: ManagedService[];
}) {
  const save = useSaveOfferings();
  const notify = useNotify();
  const [drafts, setDrafts] = useState<Record<number, OfferingDraft>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const activeIds = services.map((s) => s.productId);
  const stored = (o: Offering) => draftOf(o.productIds, activeIds);
  const shown = (o: Offering) => drafts[o.therapistId] ?? stored(o);
  const changed = therapists.filter((o) => !sameDraft(shown(o), stored(o)));

  const onSave = async () => {
    const found = changed.flatMap((o) => draftProblem(o.name, shown(o)) ?? []);
    setProblems(found);
    if (found.length > 0) return;
    setSaving(true);
    const failed: string[] = [];
    // One at a time: each answer updates the list before the next is sent.
    for (const o of changed) {
      try {
        await save.mutateAsync({
          therapistId: o.therapistId,
          productIds: productIdsToSave(shown(o)),
        });
        // Saved: the list now holds it, so the draft goes (a later refetch is not hidden).
        setDrafts((d) =>
          Object.fromEntries(Object.entries(d).filter(([id]) => Number(id) !== o.therapistId)),
        );
      } catch (error) {
        failed.push(`Unable to save the services ${o.name} offers. ${errorMessage(error)}`);
      }
    }
    setSaving(false);
    setProblems(failed);
    if (failed.length === 0) notify.success(OFFERINGS_SAVED_MESSAGE);
  };

  if (therapists.length === 0)
    return (
      <Alert severity="info">
        No active therapists yet. Invite them from Staff and roles, then choose their services.
      </Alert>
    );
  if (services.length === 0)
    return <Alert severity="info">Add or reactivate a service to choose who offers it.</Alert>;
  return (
    <>
      {therapists.map((o) => (
        <TherapistServices
          key={o.therapistId}
          offering={o}
          draft={shown(o)}
          services={services}
          disabled={saving}
          onChange={(draft) => {
            setDrafts((d) => ({ ...d, [o.therapistId]: draft }));
          }}
        />
      ))}
      {problems.length > 0 && (
        <Alert severity="error">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      <div>
        <Button
          variant="contained"
          onClick={() => void onSave()}
          disabled={saving || changed.length === 0}
        >
          Save services offered
        </Button>
      </div>
    </>
  );
}

/**
 * Which therapists offer which services (issue 16 item 3): scheduling suggests a therapist
 * only the services they offer. Owners and managers only, as the services page itself.
 */
export function Offerings({ services }: { services: ManagedService[] }) {
  const offerings = useOfferings();
  const headingId = useId();
  return (
    <Stack spacing={2} component="section" aria-labelledby={headingId}>
      <Typography component="h2" variant="h6" id={headingId}>
        Services each therapist offers
      </Typography>
      <Typography color="text.secondary">
        Scheduling suggests only the services a therapist offers. A therapist offers every service
        until you choose theirs.
      </Typography>
      {offerings.isPending && <PageSpinner label="Loading the services each therapist offers" />}
      {offerings.isError && (
        <Alert severity="error">
          Unable to load the services each therapist offers. {errorMessage(offerings.error)}
        </Alert>
      )}
      {offerings.data && <OfferingsForm therapists={offerings.data} services={services} />}
    </Stack>
  );
}
