import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DEMOGRAPHIC_FIELD_TYPE_LABELS,
  DEMOGRAPHIC_FIELD_TYPES,
  type DemographicFieldType,
  type DemographicValue,
} from '@openpractice/domain';

export type FieldDraft = {
  name: string;
  label: string;
  value: DemographicValue;
  type: DemographicFieldType;
  /** Choice options, one a line as typed. */
  options: string;
  custom: boolean;
};

const VALUE_LABELS: Record<DemographicValue, string> = {
  OFF: 'Not collected',
  ON: 'Collected',
  REQUIRED: 'Required',
};

/** One demographic field: its label, whether it is collected or required, and (custom) its type. */
export function FieldRow({
  field,
  onChange,
}: {
  field: FieldDraft;
  onChange: (next: FieldDraft) => void;
}) {
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr' },
        gap: 2,
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <TextField
        label="Label"
        value={field.label}
        required
        onChange={(event) => {
          onChange({ ...field, label: event.target.value });
        }}
      />
      <TextField
        select
        label={`${field.label || 'Field'}: collected?`}
        value={field.value}
        onChange={(event) => {
          onChange({ ...field, value: event.target.value as DemographicValue });
        }}
      >
        {(Object.keys(VALUE_LABELS) as DemographicValue[]).map((v) => (
          <MenuItem key={v} value={v}>
            {VALUE_LABELS[v]}
          </MenuItem>
        ))}
      </TextField>
      {field.custom ? (
        <TextField
          select
          label={`${field.label || 'Field'}: answer type`}
          value={field.type}
          onChange={(event) => {
            onChange({ ...field, type: event.target.value as DemographicFieldType });
          }}
        >
          {DEMOGRAPHIC_FIELD_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {DEMOGRAPHIC_FIELD_TYPE_LABELS[t]}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        // A standard field's type is fixed: said in plain text, not a greyed-out control.
        <Typography sx={{ alignSelf: 'center' }}>Standard field, free text</Typography>
      )}
      {field.type === 'choice' && (
        <TextField
          multiline
          minRows={3}
          label={`${field.label || 'Field'}: options, one a line`}
          value={field.options}
          disabled={!field.custom}
          onChange={(event) => {
            onChange({ ...field, options: event.target.value });
          }}
          sx={{ gridColumn: { sm: '1 / -1' } }}
        />
      )}
    </Box>
  );
}
