import {
  AVAILABILITY_MESSAGES,
  validateException,
  type AvailabilityExceptionKind,
} from '@openpractice/domain';
import { useForm, useWatch } from 'react-hook-form';

import { useAddException } from './api/mutations';
import { COLLISION_TEXTS, CollisionWarning } from './collision-warning';
import type { PracticeLocation } from './api/types';
import {
  ExceptionDateField,
  ExceptionKindField,
  ExceptionNoteField,
  type ExceptionFormValues,
} from './exception-fields';
import { useAvailabilityFeedback } from './feedback';
import { FormDialog } from './form-dialog';
import { HoursFields } from './hours-fields';
import { HOURS_FIELDS, newHoursValues, showIssues, toHours } from './hours-form';
import { useCollisionCheck } from './use-collision-check';
import { useSaveFailure } from './use-save-failure';

const EXCEPTION_FIELDS = ['date', 'kind', 'note', ...HOURS_FIELDS];

/** Adds a day off or extra hours on one date, from today on. */
export function ExceptionDialog({
  therapistId,
  kind,
  today,
  locations,
  defaultLocationId,
  telehealthAllowed,
  onClose,
}: {
  therapistId: number;
  kind: AvailabilityExceptionKind;
  /** Today in the practice's time zone (ISO). */
  today: string;
  locations: readonly PracticeLocation[];
  defaultLocationId: number | null;
  telehealthAllowed: boolean;
  onClose: () => void;
}) {
  const add = useAddException(therapistId);
  const feedback = useAvailabilityFeedback();
  const collisions = useCollisionCheck();
  const { control, handleSubmit, setError } = useForm<ExceptionFormValues>({
    defaultValues: { date: '', kind, note: '', ...newHoursValues(defaultLocationId) },
  });
  const failure = useSaveFailure(setError, EXCEPTION_FIELDS);
  const chosenKind = useWatch({ control, name: 'kind' });
  const chosenDate = useWatch({ control, name: 'date' });
  const warning =
    chosenKind === 'off'
      ? collisions.warningFor({ change: 'dayOff', therapistId, date: chosenDate })
      : null;

  const onSubmit = handleSubmit(async (values) => {
    const hours = values.kind === 'extra' ? toHours(values) : {};
    const input = { date: values.date, kind: values.kind, ...hours };
    const issues = validateException(input, { today, telehealthAllowed });
    if (!showIssues(issues, setError, EXCEPTION_FIELDS)) return;
    failure.clear();
    // A day off over booked appointments is saved only once the warning was seen for this date.
    const dayOff = { change: 'dayOff', therapistId, date: values.date } as const;
    const confirmCollisions = values.kind === 'off' && collisions.confirms(dayOff);
    try {
      await add.mutateAsync({
        ...input,
        note: values.note.trim() === '' ? null : values.note,
        ...(confirmCollisions ? { confirmCollisions } : {}),
      });
      feedback.saved(values.kind === 'off' ? 'Day off added.' : 'Extra hours added.');
      onClose();
    } catch (error) {
      if (await collisions.warn(error, dayOff)) return;
      collisions.clear();
      failure.show(AVAILABILITY_MESSAGES.addFailed, error, { retry: true });
    }
  });

  return (
    <FormDialog
      title={chosenKind === 'off' ? 'Add a day off' : 'Add extra hours'}
      busy={add.isPending}
      failure={failure.failure}
      warning={warning ? <CollisionWarning warning={warning} /> : null}
      submitLabel={warning ? COLLISION_TEXTS.saveAnyway : undefined}
      onSubmit={(event) => void onSubmit(event)}
      onClose={onClose}
    >
      <ExceptionKindField control={control} />
      <ExceptionDateField control={control} today={today} />
      {chosenKind === 'extra' && (
        <HoursFields
          control={control}
          locations={locations}
          telehealthAllowed={telehealthAllowed}
        />
      )}
      <ExceptionNoteField control={control} />
    </FormDialog>
  );
}
