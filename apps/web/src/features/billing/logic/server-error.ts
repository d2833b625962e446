import { ApiError, errorMessage } from '../../../lib/api-client';

/** A refused request as a form shows it: on the field the server named, else above the form. */
export type FormError = { field: string | null; message: string };

/**
 * Where a failed call's message goes: a 400 that names one of the form's fields goes on that
 * field (allocations.N.* on the allocations, as the form shows them together); anything else
 * (another field, 403, 409, no answer) goes above the form, as the server said it.
 */
export function formErrorOf(error: unknown, fields: readonly string[]): FormError {
  const message = errorMessage(error);
  if (!(error instanceof ApiError) || error.status !== 400 || error.field === undefined) {
    return { field: null, message };
  }
  const named = error.field.startsWith('allocations.') ? 'allocations' : error.field;
  return { field: fields.includes(named) ? named : null, message };
}
