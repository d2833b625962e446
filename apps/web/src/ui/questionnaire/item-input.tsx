import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import CloseIcon from '@mui/icons-material/Close';
import { FORM_LIMITS, type QuestionnaireItem } from '@openpractice/domain';
import { Controller, type Control } from 'react-hook-form';

import { LightTextField } from './light-text-field';
import type { QuestionnaireValues } from './values';

export type ItemInputProps = {
  item: QuestionnaireItem;
  name: string;
  control: Control<QuestionnaireValues>;
  disabled: boolean;
  id: string;
};

const labelOf = (item: QuestionnaireItem) => item.text?.trim() || item.linkId;

/** The HTML input of a one-line item: numbers get the phone's number pad, dates a date picker. */
function inputPropsOf(item: QuestionnaireItem) {
  switch (item.type) {
    case 'integer':
      return { type: 'text', inputMode: 'numeric' as const };
    case 'decimal':
      return { type: 'text', inputMode: 'decimal' as const };
    case 'date':
      return { type: 'date' };
    default:
      return {
        type: 'text',
        maxLength:
          item.maxLength ?? (item.type === 'text' ? FORM_LIMITS.textAnswer : FORM_LIMITS.string),
      };
  }
}

/** Yes/no and single choices as radio buttons: one tap on a phone, every option in view. */
function RadioAnswer({ item, name, control, disabled, id }: ItemInputProps) {
  const options =
    item.type === 'boolean'
      ? [
          { code: 'true', display: 'Yes' },
          { code: 'false', display: 'No' },
        ]
      : (item.answerOption ?? []).map((o) => o.valueCoding);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl
          component="fieldset"
          required={item.required}
          error={fieldState.invalid}
          disabled={disabled}
        >
          <FormLabel component="legend" id={`${id}-label`}>
            {labelOf(item)}
          </FormLabel>
          <RadioGroup
            aria-labelledby={`${id}-label`}
            name={field.name}
            value={typeof field.value === 'string' ? field.value : ''}
            onChange={(event) => {
              field.onChange(event.target.value);
            }}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
          >
            {options.map((option, index) => (
              <FormControlLabel
                key={option.code}
                value={option.code}
                control={
                  <Radio slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }} />
                }
                label={option.display}
              />
            ))}
          </RadioGroup>
          {fieldState.error && (
            <FormHelperText id={`${id}-error`}>{fieldState.error.message}</FormHelperText>
          )}
        </FormControl>
      )}
    />
  );
}

/** A choice that takes several answers: checkboxes. */
function CheckboxAnswer({ item, name, control, disabled, id }: ItemInputProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = Array.isArray(field.value) ? field.value : [];
        return (
          <FormControl
            component="fieldset"
            required={item.required}
            error={fieldState.invalid}
            disabled={disabled}
          >
            <FormLabel component="legend">{labelOf(item)}</FormLabel>
            <FormGroup aria-describedby={fieldState.error ? `${id}-error` : undefined}>
              {(item.answerOption ?? []).map(({ valueCoding }, index) => (
                <FormControlLabel
                  key={valueCoding.code}
                  label={valueCoding.display}
                  control={
                    <Checkbox
                      slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }}
                      checked={chosen.includes(valueCoding.code)}
                      onChange={(event) => {
                        field.onChange(
                          event.target.checked
                            ? [...chosen, valueCoding.code]
                            : chosen.filter((c) => c !== valueCoding.code),
                        );
                      }}
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error && (
              <FormHelperText id={`${id}-error`}>{fieldState.error.message}</FormHelperText>
            )}
          </FormControl>
        );
      }}
    />
  );
}

/** Text, numbers and dates; a repeating one is a list of boxes with 'Add another'. */
function TextAnswer({ item, name, control, disabled, id }: ItemInputProps) {
  const label = labelOf(item);
  const multiline = item.type === 'text';
  const common = {
    disabled,
    multiline,
    minRows: multiline ? 3 : undefined,
    slotProps: { input: inputPropsOf(item) },
    shrink: item.type === 'date' ? true : undefined,
  };
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        if (!item.repeats) {
          return (
            <LightTextField
              {...common}
              id={id}
              label={label}
              required={item.required}
              name={field.name}
              value={typeof field.value === 'string' ? field.value : ''}
              inputRef={field.ref}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.invalid}
              helperText={fieldState.error?.message}
            />
          );
        }
        const list = Array.isArray(field.value) && field.value.length > 0 ? field.value : [''];
        return (
          <FormControl component="fieldset" required={item.required} error={fieldState.invalid}>
            <FormLabel component="legend">{label}</FormLabel>
            <Stack spacing={1} sx={{ mt: 1 }}>
              {list.map((text, index) => (
                <Stack key={index} direction="row" spacing={1} alignItems="flex-start">
                  <LightTextField
                    {...common}
                    id={index === 0 ? id : `${id}-${index}`}
                    label={`${label} (${index + 1})`}
                    value={text}
                    inputRef={index === 0 ? field.ref : undefined}
                    onChange={(event) => {
                      field.onChange(list.map((t, i) => (i === index ? event.target.value : t)));
                    }}
                    onBlur={field.onBlur}
                    error={fieldState.invalid}
                  />
                  {list.length > 1 && (
                    <IconButton
                      aria-label={`Remove answer ${index + 1} of ${label}`}
                      disabled={disabled}
                      onClick={() => {
                        field.onChange(list.filter((_, i) => i !== index));
                      }}
                    >
                      <CloseIcon />
                    </IconButton>
                  )}
                </Stack>
              ))}
              {list.length < FORM_LIMITS.repeats && (
                <Button
                  size="small"
                  disabled={disabled}
                  sx={{ alignSelf: 'flex-start' }}
                  onClick={() => {
                    field.onChange([...list, '']);
                  }}
                >
                  Add another
                </Button>
              )}
            </Stack>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}

/** The input of one answerable item, by its type. */
export function ItemInput(props: ItemInputProps) {
  const { item } = props;
  if (item.type === 'boolean') return <RadioAnswer {...props} />;
  if (item.type === 'choice') {
    return item.repeats ? <CheckboxAnswer {...props} /> : <RadioAnswer {...props} />;
  }
  return <TextAnswer {...props} />;
}
