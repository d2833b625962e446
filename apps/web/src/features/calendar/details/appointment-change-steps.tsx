import { SeriesScopeDialog, type SeriesScopeRequest } from '../series/series-scope-dialog';
import type { AppointmentDetails } from './api';
import { CancelAppointmentDialog } from './cancel-appointment-dialog';
import type { Scope } from './details-logic';
import { EditAppointmentDialog } from './edit-appointment-dialog';
import type { useAppointmentChanges } from './use-appointment-changes';

/** Where the appointment details dialog is: showing details, asking the series scope, cancelling or editing. */
export type ChangeStep =
  | { kind: 'details' }
  | { kind: 'scope'; action: 'cancel' | 'edit' }
  | { kind: 'cancel'; scope: Scope }
  | { kind: 'edit'; scope: Scope | null };

/** The dialogs opened over the appointment details by Cancel appointment and Edit. */
export function AppointmentChangeSteps({
  eventId,
  appointment,
  step,
  onStep,
  busy,
  changes,
}: {
  eventId: number;
  appointment: AppointmentDetails | undefined;
  step: ChangeStep;
  onStep: (step: ChangeStep) => void;
  busy: boolean;
  changes: ReturnType<typeof useAppointmentChanges>;
}) {
  const scopeRequest: SeriesScopeRequest | null =
    step.kind === 'scope' ? { eventId, action: step.action } : null;
  const backToDetails = () => {
    onStep({ kind: 'details' });
  };

  return (
    <>
      <SeriesScopeDialog
        request={scopeRequest}
        onChoose={(scope) => {
          if (step.kind !== 'scope') return;
          onStep(step.action === 'cancel' ? { kind: 'cancel', scope } : { kind: 'edit', scope });
        }}
        onClose={backToDetails}
      />
      {step.kind === 'cancel' && (
        <CancelAppointmentDialog
          scope={step.scope}
          busy={busy}
          onConfirm={(reason) => {
            changes.onCancel(step.scope, reason);
          }}
          onClose={backToDetails}
        />
      )}
      {step.kind === 'edit' && appointment && (
        <EditAppointmentDialog
          details={appointment}
          scope={step.scope}
          busy={busy}
          onSave={(edited, moves, onRefused) => {
            changes.onEdit(step.scope, edited, moves, onRefused);
          }}
          onClose={backToDetails}
        />
      )}
    </>
  );
}
