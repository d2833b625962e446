import { ms } from './support.ts';

/** One performance budget as `npm run bench` reports it (issue 14). */
export type Budget = {
  name: string;
  /** The measured ratio, and which way the target bounds it. */
  ratio: number;
  /** `printed`: the ratio is shown for comparison; the budget is the p95 bound alone. */
  target: { atLeast: number } | { atMost: number } | { printed: true };
  p50: number;
  p95: number;
  /** A latency bound besides the ratio, when the budget has one. */
  p95AtMost?: number;
  /** How the ratio was made (what was divided by what). */
  detail: string;
};

const ratioMet = (b: Budget): boolean =>
  'atLeast' in b.target
    ? b.ratio >= b.target.atLeast
    : 'atMost' in b.target
      ? b.ratio <= b.target.atMost
      : true;

export const met = (b: Budget): boolean =>
  ratioMet(b) && (b.p95AtMost === undefined || b.p95 <= b.p95AtMost);

export function printBudget(b: Budget): void {
  const bound =
    'atLeast' in b.target
      ? `target ≥ ${b.target.atLeast}`
      : 'atMost' in b.target
        ? `target ≤ ${b.target.atMost}×`
        : 'printed';
  const latency = b.p95AtMost === undefined ? '' : `, p95 ≤ ${b.p95AtMost} ms`;
  console.log(`${met(b) ? 'met    ' : 'NOT MET'}  ${b.name}`);
  console.log(
    `         ratio ${b.ratio.toFixed(2)} (${bound}${latency})   p50 ${ms(b.p50)}   p95 ${ms(b.p95)}`,
  );
  console.log(`         ${b.detail}`);
}
