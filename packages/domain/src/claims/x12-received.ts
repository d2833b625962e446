/**
 * What every received claim file (999, 277CA, 835) needs before its content is read: a sound
 * envelope, the transactions of the expected set, and amounts and dates in our units. The
 * segments come from whichever parser the caller used (the server uses x12-parser; the tests
 * also use the domain's own tokenizer), always as an `X12Document`. Pure.
 */
import { decimalToScaled, fromX12Date } from '../x12/element-values.ts';
import {
  components,
  element,
  envelopeIssues,
  X12Error,
  type X12Delimiters,
  type X12Document,
  type X12Segment,
} from '../x12/segments.ts';

/** The 005010 transaction sets we read, by ST01. */
export type ReceivedSet = '999' | '277' | '835';

const SET_NAMES: Readonly<Record<ReceivedSet, string>> = {
  '999': 'a 999 implementation acknowledgment',
  '277': 'a 277CA claim acknowledgment',
  '835': 'an 835 remittance advice',
};

/** One transaction: its ST, every segment after ST up to (not including) SE, and its SE. */
export interface ReceivedTransaction {
  controlNumber: string;
  /** The transaction's body, ST and SE excluded. */
  body: X12Segment[];
  delimiters: X12Delimiters;
}

/**
 * Throws an `X12Error` naming the first thing wrong with the envelope: a file cut short (no
 * IEA at its end, a transaction without its SE) or counts and control numbers that disagree.
 */
export function assertCompleteInterchange(document: X12Document): void {
  const { segments } = document;
  if (segments.at(-1)?.id !== 'IEA') {
    throw new X12Error('The file ends before its IEA segment: it is incomplete (truncated).');
  }
  let open: string | null = null;
  for (const segment of segments) {
    if (segment.id === 'ST') open = element(segment, 2);
    if (segment.id === 'SE') open = null;
    if ((segment.id === 'GE' || segment.id === 'IEA') && open !== null) {
      throw new X12Error(`Transaction ${open} has no SE segment: the file is incomplete.`);
    }
  }
  const [first] = envelopeIssues(segments);
  if (first !== undefined) throw new X12Error(`The file's envelope does not add up: ${first}`);
}

/**
 * The transactions of `set` in the document, after checking its envelope. Throws an
 * `X12Error` when the envelope is unsound or the file holds no transaction of that set (e.g.
 * an 837 where an 835 was expected).
 */
export function transactionsOf(document: X12Document, set: ReceivedSet): ReceivedTransaction[] {
  assertCompleteInterchange(document);
  const transactions: ReceivedTransaction[] = [];
  const found = new Set<string>();
  let current: ReceivedTransaction | null = null;
  for (const segment of document.segments) {
    if (segment.id === 'ST') {
      const id = element(segment, 1).trim();
      found.add(id);
      current =
        id === set
          ? { controlNumber: element(segment, 2).trim(), body: [], delimiters: document.delimiters }
          : null;
    } else if (segment.id === 'SE') {
      if (current) transactions.push(current);
      current = null;
    } else if (current) {
      current.body.push(segment);
    }
  }
  if (transactions.length === 0) {
    const held = [...found].join(', ') || 'no transaction';
    throw new X12Error(`The file is not ${SET_NAMES[set]}: it holds ${held}.`);
  }
  return transactions;
}

/** Trimmed element text ('' when absent). */
export const text = (segment: X12Segment, position: number): string =>
  element(segment, position).trim();

/** Trimmed element text, or null when blank. */
export const textOrNull = (segment: X12Segment, position: number): string | null =>
  text(segment, position) || null;

/** The components of a composite element (e.g. SVC01 'HC:90837:95'), trimmed. */
export const parts = (segment: X12Segment, position: number, delimiters: X12Delimiters): string[] =>
  components(element(segment, position), delimiters).map((part) => part.trim());

/**
 * A monetary element in whole cents, without floating point ('-150.5' → -15050). Throws when
 * the element is not a number, since a wrong amount must never be posted as zero.
 */
export function cents(segment: X12Segment, position: number): number {
  const value = decimalToScaled(text(segment, position), 2);
  if (value === null) {
    throw new X12Error(
      `${segment.id}${String(position).padStart(2, '0')} is not an amount: "${text(segment, position)}".`,
    );
  }
  return value;
}

/** A monetary element in cents, or null when it is blank. */
export const centsOrNull = (segment: X12Segment, position: number): number | null =>
  text(segment, position) === '' ? null : cents(segment, position);

/** A CCYYMMDD element as YYYY-MM-DD, or null when blank or malformed. */
export const dateOrNull = (segment: X12Segment, position: number): string | null =>
  fromX12Date(text(segment, position));

/** Sums amounts in cents (integers, so no rounding error can build up). */
export const sumCents = (amounts: Iterable<number>): number => {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total;
};
