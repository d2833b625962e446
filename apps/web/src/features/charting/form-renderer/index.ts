/** The one form renderer: templates as data, drawn and validated the same way everywhere. */
export { compactAnswers, formValuesOf, sameAnswers } from './answers';
export { templateSchema } from './schema';
export { TemplateAnswers } from './template-answers';
export { TemplateForm } from './template-form';
export {
  SIGNING_MESSAGES,
  type Answer,
  type Answers,
  type FieldProblem,
  type RenderableField,
  type RenderableSection,
  type RenderableTemplate,
  type SchemaMessages,
} from './types';
export { problemsOf, useTemplateForm, type TemplateFormApi } from './use-template-form';
