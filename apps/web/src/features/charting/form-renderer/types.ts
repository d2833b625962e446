import type { Control } from 'react-hook-form';

/**
 * What the form renderer draws: a template's sections of fields, as the charting contract
 * sends them and as the domain ships them (SOAP, DAP, BIRP, intake). Forms reuse the shape.
 */
export type FieldType = 'text' | 'textarea' | 'select' | 'mse' | 'risk';

export type RenderableField = {
  id: string;
  label: string;
  type: FieldType;
  required?: boolean;
  maxLength?: number;
  options?: readonly string[];
};

export type RenderableSection = { id: string; title: string; fields: readonly RenderableField[] };

export type RenderableTemplate = { sections: readonly RenderableSection[] };

/** A field's answer: text, or a choice per category (mental status exam, risk assessment). */
export type Answer = string | Record<string, string>;
export type Answers = Record<string, Answer>;

/** What every field's input is drawn from; `idPrefix` keeps ids unique per form. */
export type AnswerProps = {
  field: RenderableField;
  control: Control<Answers>;
  disabled: boolean;
  idPrefix: string;
};

/** A required answer that is missing, or an answer that is wrong, named by its field. */
export type FieldProblem = { field: string; message: string };

export type SchemaMessages = {
  /** The message of a required answer left blank; default: '{label} is required before signing'. */
  required: (label: string) => string;
};

export const SIGNING_MESSAGES: SchemaMessages = {
  required: (label) => `${label} is required before signing`,
};

export const fieldsOf = (template: RenderableTemplate): RenderableField[] =>
  template.sections.flatMap((section) => section.fields);

/** Text fields without their own limit take the domain's default of 2,000 characters. */
export const DEFAULT_MAX_LENGTH = 2000;
