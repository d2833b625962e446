import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import {
  DENIES_ALL_RISK_LABEL,
  deniesAllRisk,
  RISK_AREAS,
  RISK_LEVELS,
} from '@openpractice/domain';

import { ChoiceGridAnswer } from './choice-grid-answer';
import type { AnswerProps } from './types';

const AREAS = RISK_AREAS.map((area) => ({ ...area, choices: RISK_LEVELS }));

/**
 * A risk assessment: a level per area. 'Client denies all areas of risk' sets every area
 * to None; choosing any other level takes the denial back.
 */
export function RiskAnswer(props: AnswerProps) {
  return (
    <ChoiceGridAnswer
      {...props}
      items={AREAS}
      pick={(value, area, level) => ({
        ...value,
        [area]: level,
        denies: level === 'None' ? (value.denies ?? '') : '',
      })}
      shortcut={({ value, onChange, inputRef, disabled }) => (
        <FormControlLabel
          sx={{ mb: 1 }}
          control={
            <Checkbox
              checked={value.denies === 'yes'}
              disabled={disabled}
              slotProps={{ input: { ref: inputRef } }}
              onChange={(event) => {
                onChange(event.target.checked ? deniesAllRisk() : { ...value, denies: '' });
              }}
            />
          }
          label={DENIES_ALL_RISK_LABEL}
        />
      )}
    />
  );
}
