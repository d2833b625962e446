import { validate, type Constraint } from '@openpractice/domain';
import { z } from 'zod';

/**
 * A zod string checked by the domain validators, so the server answers with
 * the very messages the web shows (spec-1 §5). Empty strings become undefined.
 */
export function checkedString(max: number, constraints: readonly Constraint[]) {
  return z
    .string()
    .max(max)
    .transform((v) => v.trim())
    .superRefine((value, ctx) => {
      const result = validate(value, constraints);
      if (result !== true)
        ctx.addIssue({
          code: 'custom',
          message: result === false ? 'This value is not valid.' : result,
        });
    })
    .transform((v) => (v === '' ? undefined : v));
}

/** Digits only: phones are stored as 10 digits and formatted for display. */
export const phoneDigits = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
};
