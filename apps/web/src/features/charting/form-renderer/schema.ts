import { MSE_CATEGORIES, RISK_AREAS, RISK_LEVELS } from '@openpractice/domain';
import * as z from 'zod/mini';

import {
  DEFAULT_MAX_LENGTH,
  fieldsOf,
  SIGNING_MESSAGES,
  type RenderableField,
  type RenderableTemplate,
  type SchemaMessages,
} from './types';

type Choices = Record<string, string>;

/** The categories of a choice field that have no choice yet. */
export function unansweredChoices(field: RenderableField, value: Choices | undefined): string[] {
  const keys =
    field.type === 'mse'
      ? MSE_CATEGORIES.map((c) => c.id)
      : field.type === 'risk'
        ? RISK_AREAS.map((a) => a.id)
        : [];
  return keys.filter((key) => (value?.[key] ?? '') === '');
}

function allowedChoices(field: RenderableField): Map<string, readonly string[]> {
  if (field.type === 'mse') return new Map(MSE_CATEGORIES.map((c) => [c.id, c.choices]));
  return new Map<string, readonly string[]>([
    ...RISK_AREAS.map((a) => [a.id, RISK_LEVELS] as const),
    ['denies', ['yes']],
  ]);
}

function textSchema(field: RenderableField, required: boolean, messages: SchemaMessages) {
  const max = field.maxLength ?? DEFAULT_MAX_LENGTH;
  const checks = [
    z.maxLength(max, `${field.label} must be at most ${max} characters`),
    ...(field.type === 'select'
      ? [
          z.refine<string>(
            (value) => value === '' || (field.options ?? []).includes(value),
            `${field.label} is not one of the choices`,
          ),
        ]
      : []),
    ...(required
      ? [z.refine<string>((value) => value.trim() !== '', messages.required(field.label))]
      : []),
  ];
  return z.string().check(...checks);
}

function choiceSchema(field: RenderableField, required: boolean, messages: SchemaMessages) {
  const allowed = allowedChoices(field);
  return z.record(z.string(), z.string()).check(
    z.refine<Choices>(
      (value) =>
        Object.entries(value).every(([key, choice]) => {
          const choices = allowed.get(key);
          return choices !== undefined && (choice === '' || choices.includes(choice));
        }),
      `${field.label} holds an unknown choice`,
    ),
    ...(required
      ? [
          z.refine<Choices>(
            (value) => unansweredChoices(field, value).length === 0,
            messages.required(field.label),
          ),
        ]
      : []),
  );
}

/**
 * The zod schema of a template's answers (the domain's contentProblems as a form schema):
 * limits and choices always; required answers when `forSigning` (a draft may be partial).
 */
export function templateSchema(
  template: RenderableTemplate,
  options: { forSigning: boolean; messages?: SchemaMessages },
) {
  const messages = options.messages ?? SIGNING_MESSAGES;
  const shape = Object.fromEntries(
    fieldsOf(template).map((field) => {
      const required = options.forSigning && field.required === true;
      const schema =
        field.type === 'mse' || field.type === 'risk'
          ? choiceSchema(field, required, messages)
          : textSchema(field, required, messages);
      return [field.id, schema] as const;
    }),
  );
  return z.object(shape);
}
