/**
 * The period a statement covers, checked before it is sent so the form can say what is wrong
 * on the field itself; the server checks the same again (contracts/billing/statements.ts).
 */
export type PeriodInput = { from: string; to: string };
export type PeriodErrors = { from?: string; to?: string };

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** What is wrong with the period, by field; empty when it can be sent. */
export function periodErrors({ from, to }: PeriodInput): PeriodErrors {
  const errors: PeriodErrors = {};
  if (from === '') errors.from = 'Enter the first day of the period.';
  else if (!isDay(from)) errors.from = 'Enter a valid date.';
  if (to === '') errors.to = 'Enter the last day of the period.';
  else if (!isDay(to)) errors.to = 'Enter a valid date.';
  // The server's own words for a reversed period (createStatement's refine).
  else if (errors.from === undefined && to < from) errors.to = 'Must not be before the start.';
  return errors;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * The period a practice usually bills: last calendar month, as statements go out at the start
 * of a month for the one before (the reader's local calendar, as the date fields show it).
 */
export function lastMonth(today: Date): PeriodInput {
  const first = new Date(today.getFullYear(), today.getMonth() - 1, 1);
  const last = new Date(today.getFullYear(), today.getMonth(), 0);
  return { from: iso(first), to: iso(last) };
}
