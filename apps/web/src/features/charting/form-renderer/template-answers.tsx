import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DENIES_ALL_RISK_LABEL, MSE_CATEGORIES, RISK_AREAS } from '@openpractice/domain';
import { useId } from 'react';

import type { Answer, Answers, RenderableField, RenderableTemplate } from './types';

const NOT_ANSWERED = 'Not answered';

function choiceRows(field: RenderableField, value: Record<string, string>): [string, string][] {
  const list = field.type === 'mse' ? MSE_CATEGORIES : RISK_AREAS;
  return list.map((item) => [item.label, value[item.id] || NOT_ANSWERED]);
}

function AnswerText({ field, value }: { field: RenderableField; value: Answer | undefined }) {
  if (typeof value === 'object' && (field.type === 'mse' || field.type === 'risk')) {
    return (
      <Box>
        {field.type === 'risk' && value.denies === 'yes' && (
          <Typography sx={{ mb: 0.5 }}>{DENIES_ALL_RISK_LABEL}.</Typography>
        )}
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 0.25,
            m: 0,
          }}
        >
          {choiceRows(field, value).map(([label, choice]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {choice}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    );
  }
  const text = typeof value === 'string' && value.trim() !== '' ? value : NOT_ANSWERED;
  return <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>;
}

/** A template's answers to read (a signed note, a note awaiting review, a filled form). */
export function TemplateAnswers({
  template,
  answers,
  headingLevel = 'h2',
}: {
  template: RenderableTemplate;
  answers: Answers;
  headingLevel?: 'h2' | 'h3';
}) {
  const prefix = useId();
  return (
    <Stack spacing={3}>
      {template.sections.map((section) => (
        <Stack
          key={section.id}
          component="section"
          aria-labelledby={`${prefix}-${section.id}`}
          spacing={1.5}
        >
          <Typography id={`${prefix}-${section.id}`} component={headingLevel} variant="h6">
            {section.title}
          </Typography>
          {section.fields.map((field) => (
            <Box key={field.id}>
              <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
                {field.label}
              </Typography>
              <AnswerText field={field} value={answers[field.id]} />
            </Box>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
