import { ConflictWarning } from '../scheduling/conflict-warning';
import { AllDayField, WhenInputs } from '../scheduling/when-fields';
import { whenProblems, type WhenEdit } from './reschedule-logic';
import { TherapistField } from './therapist-field';

export interface MoveFieldsProps {
  when: WhenEdit;
  onWhen: (patch: Partial<WhenEdit>) => void;
  /** The item's therapist now, named while the list of therapists loads. */
  therapistName: string;
  /** The item's length now, kept on offer when it is not a standard one. */
  originalDuration?: number;
  /** Meetings and out of office may be all day; appointments have a time. */
  allDayChoice: boolean;
  conflicts: { conflictCount: number | null; failed: boolean };
  refusal: string | null;
  allowDoubleBooking: boolean;
  onAllowDoubleBooking: (value: boolean) => void;
  disabled: boolean;
}

/**
 * Where an edited item goes (issue 15 item 1): therapist, date, start time and length
 * (and all day for blocks), then the conflicts at the new place with the double-booking
 * choice, as the scheduling dialog shows them. Native fields: keyboard and phone pickers.
 */
export function MoveFields({
  when,
  onWhen,
  therapistName,
  originalDuration,
  allDayChoice,
  conflicts,
  refusal,
  allowDoubleBooking,
  onAllowDoubleBooking,
  disabled,
}: MoveFieldsProps) {
  const problems = whenProblems(when);
  return (
    <>
      <TherapistField
        value={when.therapistId}
        currentName={therapistName}
        onChange={(therapistId) => {
          onWhen({ therapistId });
        }}
        disabled={disabled}
      />
      {allDayChoice && (
        <AllDayField
          checked={when.allDay}
          disabled={disabled}
          onChange={(allDay) => {
            onWhen({ allDay });
          }}
        />
      )}
      <WhenInputs
        date={when.date}
        time={when.time}
        duration={when.duration}
        allDay={when.allDay}
        {...(originalDuration === undefined ? {} : { originalDuration })}
        onDate={(date) => {
          onWhen({ date });
        }}
        onTime={(time) => {
          onWhen({ time });
        }}
        onDuration={(duration) => {
          onWhen({ duration });
        }}
        disabled={disabled}
        dateError={problems.date}
        timeError={problems.time}
      />
      <ConflictWarning
        failed={conflicts.failed}
        conflictCount={conflicts.conflictCount}
        refusal={refusal}
        allowDoubleBooking={allowDoubleBooking}
        disabled={disabled}
        onAllowDoubleBooking={onAllowDoubleBooking}
      />
    </>
  );
}
