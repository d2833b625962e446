/**
 * X12 tokenizer and serializer. A received interchange declares its own
 * separators in the fixed-layout ISA header: the element separator is the
 * character after "ISA", the repetition separator is ISA11, the component
 * (sub-element) separator is ISA16 and the segment terminator is the character
 * right after ISA16. Line breaks between segments are tolerated.
 */

export interface X12Delimiters {
  element: string;
  component: string;
  segment: string;
  /** Empty when the interchange has no repetition separator (ISA11 'U' in older versions). */
  repetition: string;
}

export const DEFAULT_DELIMITERS: Readonly<X12Delimiters> = Object.freeze({
  element: '*',
  component: ':',
  segment: '~',
  repetition: '^',
});

/** One segment: its id (e.g. 'NM1') and its elements, where `elements[0]` is element 01. */
export interface X12Segment {
  id: string;
  elements: string[];
}

export interface X12Document {
  delimiters: X12Delimiters;
  segments: X12Segment[];
}

export class X12Error extends Error {
  override name = 'X12Error';
}

/** Element `position` (1-based, as in NM103) of a segment, or '' when absent. */
export function element(segment: X12Segment, position: number): string {
  return segment.elements[position - 1] ?? '';
}

/** Splits a composite element (e.g. 'RD8' ranges are not composites, but EB13 'HC:90837' is). */
export function components(value: string, delimiters: X12Delimiters): string[] {
  return value === '' ? [] : value.split(delimiters.component);
}

/** Splits a repeating element (e.g. EB03 'MH^30'). */
export function repetitions(value: string, delimiters: X12Delimiters): string[] {
  if (value === '') return [];
  return delimiters.repetition === '' ? [value] : value.split(delimiters.repetition);
}

const LEADING_NOISE = /^[\uFEFF\s]+/;
const LINE_BREAKS = /^[\r\n]+|[\r\n]+$/g;

/** Reads the separators from the ISA header at the start of `text`. */
export function detectDelimiters(text: string): X12Delimiters {
  const body = text.replace(LEADING_NOISE, '');
  if (!body.startsWith('ISA') || body.length < 4) {
    throw new X12Error('Not an X12 interchange: it must start with an ISA segment.');
  }
  const elementSeparator = body.charAt(3);
  if (/[A-Za-z0-9\s]/.test(elementSeparator)) {
    throw new X12Error('Invalid ISA header: the element separator must be a special character.');
  }
  // Walk the 16 ISA elements by counting separators, so a header that is not
  // padded to its fixed width is still understood.
  let index = 3;
  const starts: number[] = [];
  for (let count = 0; count < 16; count += 1) {
    const next = body.indexOf(elementSeparator, index);
    if (next < 0) throw new X12Error('Invalid ISA header: it must have 16 elements.');
    starts.push(next + 1);
    index = next + 1;
  }
  const isa16Start = starts[15] ?? 0;
  const component = body.charAt(isa16Start);
  const segment = body.charAt(isa16Start + 1);
  if (component === '' || segment === '') {
    throw new X12Error('Invalid ISA header: missing component separator or segment terminator.');
  }
  const isa11Start = starts[10] ?? 0;
  const isa11 = body.slice(isa11Start, (starts[11] ?? isa11Start + 1) - 1);
  const repetition = isa11.length === 1 && !/[A-Za-z0-9\s]/.test(isa11) ? isa11 : '';
  return { element: elementSeparator, component, segment, repetition };
}

/** Splits already-known delimited text into segments, skipping blank ones. */
export function tokenize(text: string, delimiters: X12Delimiters): X12Segment[] {
  const segments: X12Segment[] = [];
  for (const raw of text.replace(LEADING_NOISE, '').split(delimiters.segment)) {
    const line = raw.replace(LINE_BREAKS, '');
    if (line.trim() === '') continue;
    const [id = '', ...elements] = line.split(delimiters.element);
    segments.push({ id: id.trim(), elements });
  }
  return segments;
}

/** Parses a received interchange, taking its separators from the ISA header. */
export function parseX12(text: string): X12Document {
  const delimiters = detectDelimiters(text);
  return { delimiters, segments: tokenize(text, delimiters) };
}

/** One segment as text, without its terminator; trailing empty elements are dropped (except in ISA). */
export function serializeSegment(
  segment: X12Segment,
  delimiters: X12Delimiters = DEFAULT_DELIMITERS,
): string {
  const elements = [...segment.elements];
  if (segment.id !== 'ISA') {
    while (elements.length > 0 && elements[elements.length - 1] === '') elements.pop();
  }
  return [segment.id, ...elements].join(delimiters.element);
}

export interface SerializeOptions {
  /** Adds a line break after every segment terminator (readable, still valid). */
  lineBreaks?: boolean;
}

export function serializeSegments(
  segments: readonly X12Segment[],
  delimiters: X12Delimiters = DEFAULT_DELIMITERS,
  options: SerializeOptions = {},
): string {
  const terminator = delimiters.segment + (options.lineBreaks === true ? '\n' : '');
  return segments.map((segment) => serializeSegment(segment, delimiters) + terminator).join('');
}

/** Shorthand for building a segment: `seg('NM1', 'PR', '2', 'ACME')`. */
export function seg(id: string, ...elements: string[]): X12Segment {
  return { id, elements };
}

/**
 * Envelope problems of an interchange: control numbers that do not match
 * (ISA13/IEA02, GS06/GE02, ST02/SE02) and wrong counts (IEA01 groups, GE01
 * transactions, SE01 segments from ST to SE inclusive). Empty when sound.
 */
export function envelopeIssues(segments: readonly X12Segment[]): string[] {
  const issues: string[] = [];
  let isa: X12Segment | null = null;
  let gs: X12Segment | null = null;
  let st: X12Segment | null = null;
  let groups = 0;
  let transactions = 0;
  let stIndex = 0;
  segments.forEach((segment, index) => {
    switch (segment.id) {
      case 'ISA':
        isa = segment;
        groups = 0;
        break;
      case 'GS':
        gs = segment;
        groups += 1;
        transactions = 0;
        break;
      case 'ST':
        st = segment;
        stIndex = index;
        transactions += 1;
        break;
      case 'SE': {
        const count = index - stIndex + 1;
        if (st === null) issues.push('SE without ST.');
        else if (element(segment, 2) !== element(st, 2)) issues.push('SE02 does not match ST02.');
        if (Number(element(segment, 1)) !== count) {
          issues.push(`SE01 is ${element(segment, 1)} but the transaction has ${count} segments.`);
        }
        st = null;
        break;
      }
      case 'GE':
        if (gs === null) issues.push('GE without GS.');
        else if (element(segment, 2) !== element(gs, 6)) issues.push('GE02 does not match GS06.');
        if (Number(element(segment, 1)) !== transactions) {
          issues.push(
            `GE01 is ${element(segment, 1)} but the group has ${transactions} transactions.`,
          );
        }
        gs = null;
        break;
      case 'IEA':
        if (isa === null) issues.push('IEA without ISA.');
        else if (element(segment, 2) !== element(isa, 13))
          issues.push('IEA02 does not match ISA13.');
        if (Number(element(segment, 1)) !== groups) {
          issues.push(`IEA01 is ${element(segment, 1)} but the interchange has ${groups} groups.`);
        }
        isa = null;
        break;
      default:
        break;
    }
  });
  return issues;
}
