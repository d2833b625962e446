import Button from '@mui/material/Button';
import { ALL_NORMAL_LABEL, allNormalMse, MSE_CATEGORIES } from '@openpractice/domain';

import { ChoiceGridAnswer } from './choice-grid-answer';
import type { AnswerProps } from './types';

/** A mental status exam: a choice per category, and 'All normal' to fill in every normal finding. */
export function MseAnswer(props: AnswerProps) {
  return (
    <ChoiceGridAnswer
      {...props}
      items={MSE_CATEGORIES}
      shortcutBesideLegend
      shortcut={({ onChange, inputRef, disabled }) => (
        <Button
          variant="outlined"
          size="small"
          disabled={disabled}
          ref={inputRef}
          onClick={() => {
            onChange(allNormalMse());
          }}
        >
          {ALL_NORMAL_LABEL}
        </Button>
      )}
    />
  );
}
