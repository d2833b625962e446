/**
 * The presence check on its own module: a page that needs only it (the
 * sign-in page) does not load the date and format validators with dayjs.
 */
export const REQUIRED_MESSAGE = 'This is required.';

/** Fails for null, undefined, false, NaN, an empty array and blank or whitespace-only text. */
export function required(value: unknown): true | string {
  const missing =
    value === null ||
    value === undefined ||
    value === false ||
    Number.isNaN(value) ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0);
  return missing ? REQUIRED_MESSAGE : true;
}
