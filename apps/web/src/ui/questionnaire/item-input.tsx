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

import { LightTextField } from './light-text-field';
import type { QuestionnaireValues } from './values';

export type ItemInputProps = {
  item: QuestionnaireItem;
  /** The item's key in the form (the inputs' name). */
  name: string;
  value: QuestionnaireValues[string] | undefined;
  /** The problem shown on the item. */
  error: string | undefined;
  onChange: (value: string | string[]) => void;
  /** Its first input, which takes the focus when the item has a problem. */
  inputRef: (element: HTMLElement | null) => void;
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
function RadioAnswer({
  item,
  name,
  value,
  error,
  onChange,
  inputRef,
  disabled,
  id,
}: ItemInputProps) {
  const options =
    item.type === 'boolean'
      ? [
          { code: 'true', display: 'Yes' },
          { code: 'false', display: 'No' },
        ]
      : (item.answerOption ?? []).map((o) => o.valueCoding);
  return (
    <FormControl
      component="fieldset"
      required={item.required}
      error={error !== undefined}
      disabled={disabled}
    >
      <FormLabel component="legend" id={`${id}-label`}>
        {labelOf(item)}
      </FormLabel>
      <RadioGroup
        aria-labelledby={`${id}-label`}
        name={name}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        aria-describedby={error !== undefined ? `${id}-error` : undefined}
      >
        {options.map((option, index) => (
          <FormControlLabel
            key={option.code}
            value={option.code}
            control={<Radio slotProps={{ input: { ref: index === 0 ? inputRef : undefined } }} />}
            label={option.display}
          />
        ))}
      </RadioGroup>
      {error !== undefined && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}

/** A choice that takes several answers: checkboxes. */
function CheckboxAnswer({ item, value, error, onChange, inputRef, disabled, id }: ItemInputProps) {
  const chosen = Array.isArray(value) ? value : [];
  return (
    <FormControl
      component="fieldset"
      required={item.required}
      error={error !== undefined}
      disabled={disabled}
    >
      <FormLabel component="legend">{labelOf(item)}</FormLabel>
      <FormGroup aria-describedby={error !== undefined ? `${id}-error` : undefined}>
        {(item.answerOption ?? []).map(({ valueCoding }, index) => (
          <FormControlLabel
            key={valueCoding.code}
            label={valueCoding.display}
            control={
              <Checkbox
                slotProps={{ input: { ref: index === 0 ? inputRef : undefined } }}
                checked={chosen.includes(valueCoding.code)}
                onChange={(event) => {
                  onChange(
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
      {error !== undefined && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
    </FormControl>
  );
}

/** Text, numbers and dates; a repeating one is a list of boxes with 'Add another'. */
function TextAnswer({
  item,
  name,
  value,
  error,
  onChange,
  inputRef,
  disabled,
  id,
}: ItemInputProps) {
  const label = labelOf(item);
  const multiline = item.type === 'text';
  const common = {
    disabled,
    multiline,
    minRows: multiline ? 3 : undefined,
    slotProps: { input: inputPropsOf(item) },
    shrink: item.type === 'date' ? true : undefined,
    error: error !== undefined,
  };
  if (!item.repeats) {
    return (
      <LightTextField
        {...common}
        id={id}
        label={label}
        required={item.required}
        name={name}
        value={typeof value === 'string' ? value : ''}
        inputRef={inputRef}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        helperText={error}
      />
    );
  }
  const list = Array.isArray(value) && value.length > 0 ? value : [''];
  return (
    <FormControl component="fieldset" required={item.required} error={error !== undefined}>
      <FormLabel component="legend">{label}</FormLabel>
      <Stack spacing={1} sx={{ mt: 1 }}>
        {list.map((text, index) => (
          <Stack key={index} direction="row" spacing={1} alignItems="flex-start">
            <LightTextField
              {...common}
              id={index === 0 ? id : `${id}-${index}`}
              label={`${label} (${index + 1})`}
              value={text}
              inputRef={index === 0 ? inputRef : undefined}
              onChange={(event) => {
                onChange(list.map((t, i) => (i === index ? event.target.value : t)));
              }}
            />
            {list.length > 1 && (
              <IconButton
                aria-label={`Remove answer ${index + 1} of ${label}`}
                disabled={disabled}
                onClick={() => {
                  onChange(list.filter((_, i) => i !== index));
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
              onChange([...list, '']);
            }}
          >
            Add another
          </Button>
        )}
      </Stack>
      {error !== undefined && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
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
