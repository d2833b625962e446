import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Control } from 'react-hook-form';

import { MseAnswer } from './mse-answer';
import { RiskAnswer } from './risk-answer';
import { TextAnswer } from './text-answer';
import type { AnswerProps, Answers, RenderableSection, RenderableTemplate } from './types';

function FieldInput(props: AnswerProps) {
  switch (props.field.type) {
    case 'text':
    case 'textarea':
    case 'select':
      return <TextAnswer {...props} />;
    case 'mse':
      return <MseAnswer {...props} />;
    case 'risk':
      return <RiskAnswer {...props} />;
  }
}

function Section({
  section,
  headingLevel,
  ...rest
}: Omit<AnswerProps, 'field'> & { section: RenderableSection; headingLevel: 'h2' | 'h3' }) {
  const titleId = useId();
  return (
    <Stack component="section" aria-labelledby={titleId} spacing={2}>
      <Typography id={titleId} component={headingLevel} variant="h6">
        {section.title}
      </Typography>
      {section.fields.map((field) => (
        <FieldInput key={field.id} field={field} {...rest} />
      ))}
    </Stack>
  );
}

/**
 * The one form renderer: a template's sections and fields bound to a react-hook-form
 * form (useTemplateForm). Notes use it now, and the forms area will. `disabled` while a
 * step runs; a note that cannot change is shown with TemplateAnswers instead.
 */
export function TemplateForm({
  template,
  control,
  disabled = false,
  headingLevel = 'h2',
}: {
  template: RenderableTemplate;
  control: Control<Answers>;
  disabled?: boolean;
  headingLevel?: 'h2' | 'h3';
}) {
  const idPrefix = useId();
  return (
    <Stack spacing={4}>
      {template.sections.map((section) => (
        <Section
          key={section.id}
          section={section}
          headingLevel={headingLevel}
          control={control}
          disabled={disabled}
          idPrefix={idPrefix}
        />
      ))}
    </Stack>
  );
}
