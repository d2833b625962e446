import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Controller, type RefCallBack } from 'react-hook-form';

import { ChoiceSelect } from './choice-select';
import { unansweredChoices } from './schema';
import type { AnswerProps } from './types';

type Choices = Record<string, string>;

/** What a shortcut draws with: the answer so far, how to replace it, and the field's ref. */
export type Shortcut = {
  value: Choices;
  onChange: (value: Choices) => void;
  /** An invalid field is focused through it when signing is refused. */
  inputRef: RefCallBack;
  disabled: boolean;
};

const CHOICE_GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

/**
 * A group of labelled selects, one per item (a mental status exam's categories, a risk
 * assessment's areas), with a shortcut that fills in the whole answer. A failed check
 * marks the items left blank.
 */
export function ChoiceGridAnswer({
  field,
  control,
  disabled,
  idPrefix,
  items,
  pick = (value, item, choice) => ({ ...value, [item]: choice }),
  shortcut,
  shortcutBesideLegend = false,
}: AnswerProps & {
  items: readonly { id: string; label: string; choices: readonly string[] }[];
  /** The answer once `choice` is picked for `item`; by default only that item changes. */
  pick?: (value: Choices, item: string, choice: string) => Choices;
  shortcut: (props: Shortcut) => ReactNode;
  /** A button sits beside the legend; a checkbox reads better on its own line below. */
  shortcutBesideLegend?: boolean;
}) {
  const legendId = useId();
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={field.id}
      render={({ field: input, fieldState }) => {
        const value = typeof input.value === 'object' ? input.value : {};
        const missing = fieldState.invalid ? unansweredChoices(field, value) : [];
        const legend = (
          <Typography id={legendId} component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {field.label}
            {field.required ? ' *' : ''}
          </Typography>
        );
        const shortcutNode = shortcut({
          value,
          onChange: input.onChange,
          inputRef: input.ref,
          disabled,
        });
        return (
          <Box
            component="fieldset"
            aria-labelledby={legendId}
            aria-describedby={fieldState.error ? errorId : undefined}
            sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
          >
            {shortcutBesideLegend ? (
              <Stack
                direction="row"
                spacing={2}
                sx={{
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  mb: 1.5,
                  flexWrap: 'wrap',
                }}
              >
                {legend}
                {shortcutNode}
              </Stack>
            ) : (
              <>
                {legend}
                {shortcutNode}
              </>
            )}
            <Box sx={CHOICE_GRID}>
              {items.map((item) => (
                <ChoiceSelect
                  key={item.id}
                  id={`${idPrefix}-${field.id}-${item.id}`}
                  label={item.label}
                  value={value[item.id] ?? ''}
                  choices={item.choices}
                  disabled={disabled}
                  error={missing.includes(item.id)}
                  onChange={(choice) => {
                    input.onChange(pick(value, item.id, choice));
                  }}
                  onBlur={input.onBlur}
                />
              ))}
            </Box>
            {fieldState.error && (
              <FormHelperText id={errorId} error>
                {fieldState.error.message}
              </FormHelperText>
            )}
          </Box>
        );
      }}
    />
  );
}
