import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type FieldError, type Resolver, type UseFormReturn } from 'react-hook-form';

import { formValuesOf } from './answers';
import { templateSchema } from './schema';
import {
  fieldsOf,
  type Answers,
  type FieldProblem,
  type RenderableTemplate,
  type SchemaMessages,
} from './types';

export type TemplateFormApi = {
  form: UseFormReturn<Answers>;
  /**
   * Checks the answers as for signing (required answers present), marks each field that
   * fails and focuses the first; answers the problems in the template's order.
   */
  validateForSigning: () => Promise<FieldProblem[]>;
};

/** The problems of the form's errors, in the template's order. */
export function problemsOf(
  template: RenderableTemplate,
  errorOf: (fieldId: string) => FieldError | undefined,
): FieldProblem[] {
  return fieldsOf(template).flatMap((field) => {
    const message = errorOf(field.id)?.message;
    return typeof message === 'string' ? [{ field: field.id, message }] : [];
  });
}

/**
 * A react-hook-form form over a template, validated by the zod schema built from it.
 * Typing is never blocked: the schema runs when `validateForSigning` asks (and again on
 * each change once it has).
 */
export function useTemplateForm(
  template: RenderableTemplate,
  saved: Answers,
  messages?: SchemaMessages,
): TemplateFormApi {
  const resolver = useMemo(
    () =>
      zodResolver(
        templateSchema(template, { forSigning: true, messages }),
      ) as unknown as Resolver<Answers>,
    [template, messages],
  );
  const form = useForm<Answers>({
    defaultValues: formValuesOf(template, saved),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  return {
    form,
    validateForSigning: async () => {
      const ok = await form.trigger(undefined, { shouldFocus: true });
      // The control's own state: `formState` is the last render's until the next one.
      return ok ? [] : problemsOf(template, (id) => form.getFieldState(id).error);
    },
  };
}
