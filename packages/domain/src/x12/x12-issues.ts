/**
 * Problems with the input of an X12 builder (270, 837P), gathered all at once so
 * a screen can show every one, with the checks several fields and builders share.
 */
import { isBlank, toX12Date } from './x12-format.ts';

export interface X12ValidationIssue {
  field: string;
  message: string;
}

/**
 * Identifiers (member ids, payer ids, control numbers of claims) go out exactly
 * as given, because the other side matches on them: they are checked against
 * this pattern instead of being cleaned like free text.
 */
export const X12_ID_PATTERN = /^[A-Za-z0-9 .\-/]+$/;
const MAX_CONTROL_NUMBER = 999_999_999;

/** The problems found so far. */
export class X12Issues {
  readonly list: X12ValidationIssue[] = [];

  add(field: string, message: string): void {
    this.list.push({ field, message });
  }

  id(field: string, value: string, max: number, label: string): void {
    if (isBlank(value)) this.add(field, `${label} is required.`);
    else if (value.trim().length > max)
      this.add(field, `${label} must be at most ${max} characters.`);
    else if (!X12_ID_PATTERN.test(value.trim()))
      this.add(field, `${label} has characters that X12 cannot carry.`);
  }

  controlNumber(field: string, value: number, label: string): void {
    if (!Number.isInteger(value) || value < 1 || value > MAX_CONTROL_NUMBER) {
      this.add(field, `${label} must be a whole number from 1 to ${MAX_CONTROL_NUMBER}.`);
    }
  }

  date(field: string, value: string | null | undefined, label: string, required: boolean): void {
    if (isBlank(value)) {
      if (required) this.add(field, `${label} is required.`);
    } else if (toX12Date(value ?? '') === null) {
      this.add(field, `${label} must be a valid date (YYYY-MM-DD).`);
    }
  }
}
