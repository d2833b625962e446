import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { required, type ServiceTypeOption } from '@openpractice/domain';
import { Controller, useWatch, type Control } from 'react-hook-form';

import { FittedText } from '../../ui/fitted-text';
import type { EligibilityDefaults, EligibilityPayer } from './api';
import type { CreateValues } from './create-values';

/** The payer asked (one per payer id, as the 270 names it). */
export function PayerField({
  control,
  payers,
}: {
  control: Control<CreateValues>;
  payers: readonly EligibilityPayer[];
}) {
  return (
    <Controller
      name="payerId"
      control={control}
      rules={{ validate: required }}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          select
          required
          label="Payer"
          error={fieldState.invalid}
          helperText={fieldState.error?.message}
          slotProps={{
            select: {
              // The whole 'Name (payer id)'; cut, with a tooltip, only when the field is narrower.
              renderValue: (payerId) => (
                <FittedText
                  text={payers.find((p) => p.payerId === payerId)?.displayLabel ?? String(payerId)}
                />
              ),
            },
          }}
        >
          {payers.map((payer) => (
            <MenuItem key={payer.payerId} value={payer.payerId} sx={{ whiteSpace: 'normal' }}>
              {payer.displayLabel}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** The X12 service type the payer answers for. */
export function ServiceTypeField({
  control,
  serviceTypes,
}: {
  control: Control<CreateValues>;
  serviceTypes: readonly ServiceTypeOption[];
}) {
  return (
    <Controller
      name="serviceCode"
      control={control}
      rules={{ validate: required }}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          select
          required
          label="Service type"
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? 'The X12 service type the payer answers for.'}
        >
          {serviceTypes.map((type) => (
            <MenuItem key={type.code} value={type.code}>
              {`${type.code} - ${type.description}`}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** The provider whose NPI the payer sees; a therapist without an NPI is flagged at once. */
export function TherapistField({
  control,
  therapists,
}: {
  control: Control<CreateValues>;
  therapists: EligibilityDefaults['therapists'];
}) {
  const therapistId = useWatch({ control, name: 'therapistId' });
  const chosenTherapist = therapists.find((t) => t.therapistId === therapistId);
  return (
    <Controller
      name="therapistId"
      control={control}
      rules={{ validate: required }}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          select
          required
          label="Therapist"
          error={fieldState.invalid || (chosenTherapist !== undefined && !chosenTherapist.hasNpi)}
          helperText={
            fieldState.error?.message ??
            (chosenTherapist && !chosenTherapist.hasNpi
              ? "This therapist has no NPI; add it to the therapist's settings first."
              : 'The provider the payer is asked about, by NPI.')
          }
          onChange={(event) => {
            const id = Number(event.target.value);
            field.onChange(Number.isInteger(id) && id > 0 ? id : '');
          }}
        >
          {therapists.map((t) => (
            <MenuItem key={t.therapistId} value={t.therapistId}>
              {t.hasNpi ? t.name : `${t.name} (no NPI)`}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
