/**
 * Reading a 999 implementation acknowledgment (005010X231A1): did the clearinghouse take the
 * 837P we sent, set by set, and if not, which segment and element it stumbled on, in words a
 * biller can act on. Pure: it reads an `X12Document`, whichever parser made it.
 */
import { X12Error, type X12Document, type X12Segment } from '../x12/segments.ts';
import { parts, text, textOrNull, transactionsOf } from './x12-received.ts';

/** One error the 999 reports: where (segment, loop, element) and what, in words. */
export interface Error999 {
  /** ST02 of the submitted transaction it is about; null for a group-level error (AK9). */
  transactionControlNumber: string | null;
  /** IK301, e.g. 'NM1'; null for a transaction- or group-level error. */
  segmentId: string | null;
  /** IK302: the segment's position in the submitted transaction (ST is 1). */
  segmentPosition: number | null;
  /** IK303, e.g. '2010BA'. */
  loop: string | null;
  /** IK401-1: the element's position in the segment. */
  elementPosition: number | null;
  /** IK304, IK403, IK5 or AK9 code, as sent. */
  code: string;
  /** IK404: a copy of the value in error, when the clearinghouse sent one. */
  badValue: string | null;
  message: string;
}

/** What the 999 said about one submitted transaction set (AK2 … IK5). */
export interface SetResult999 {
  /** AK201, e.g. '837'. */
  transactionSet: string;
  /** AK202: ST02 of the transaction we sent. */
  controlNumber: string;
  /** IK501 A (accepted) or E (accepted with errors noted). */
  accepted: boolean;
  /** IK501 as sent: A, E, M, R, W or X. */
  code: string;
  errors: Error999[];
}

export interface Acknowledgment999 {
  /** AK102: GS06 of the functional group we sent. */
  groupControlNumber: string;
  /** AK101, 'HC' for claims. */
  functionalGroup: string;
  /** AK901 A or E: the group was taken (P, partly accepted, is not: see setResults). */
  accepted: boolean;
  /** AK901 as sent: A, E, P, M, R, W or X. */
  code: string;
  /** AK902, AK903, AK904. */
  setsIncluded: number;
  setsReceived: number;
  setsAccepted: number;
  setResults: SetResult999[];
  /** Every error, set-level and group-level, in the file's order. */
  errors: Error999[];
}

const ACCEPTED_CODES = new Set(['A', 'E']);

/** IK304: what is wrong with a segment. */
const SEGMENT_ERRORS: Readonly<Record<string, string>> = {
  '1': 'unrecognised segment',
  '2': 'unexpected segment',
  '3': 'required segment missing',
  '4': 'loop occurs more often than allowed',
  '5': 'segment occurs more often than allowed',
  '6': 'segment not in the transaction set',
  '7': 'segment not in the proper sequence',
  '8': 'segment has data element errors',
  I4: 'segment that the guide says is not used is present',
  I6: 'situational segment missing',
  I7: 'loop occurs fewer times than required',
  I8: 'segment occurs fewer times than required',
  I9: 'situational segment present when it should not be',
};

/** IK403: what is wrong with an element. */
const ELEMENT_ERRORS: Readonly<Record<string, string>> = {
  '1': 'required element missing',
  '2': 'conditionally required element missing',
  '3': 'too many elements',
  '4': 'value too short',
  '5': 'value too long',
  '6': 'invalid character',
  '7': 'invalid code value',
  '8': 'invalid date',
  '9': 'invalid time',
  '10': 'element present when another excludes it',
  '12': 'too many repetitions',
  '13': 'too many components',
  I6: 'code value not used by the guide',
  I9: 'situational element missing',
  I10: 'element that the guide says is not used is present',
  I12: 'value does not match the pattern the guide requires',
  I13: 'situational element present when it should not be',
};

/** IK502-IK506 (transaction) and AK905-AK909 (group): why a set or group was refused. */
const ENVELOPE_ERRORS: Readonly<Record<string, string>> = {
  '1': 'not supported',
  '2': 'trailer missing',
  '3': 'control numbers in header and trailer do not match',
  '4': 'number of included segments or sets does not match the count',
  '5': 'one or more segments in error',
  '6': 'missing or invalid transaction set identifier',
  '7': 'missing or invalid control number',
  '18': 'transaction set not in a functional group',
  '19': 'invalid implementation convention reference',
  '23': 'control number not unique within the functional group',
  '24': 'S3E security end segment missing',
  '26': 'one or more elements in error',
};

const said = (table: Readonly<Record<string, string>>, code: string): string =>
  table[code] ?? `error code ${code}`;

const numberOrNull = (value: string): number | null => (value === '' ? null : Number(value));

interface SegmentContext {
  segment: X12Segment;
  controlNumber: string;
}

function segmentError({ segment, controlNumber }: SegmentContext): Error999 {
  const id = text(segment, 1);
  const position = numberOrNull(text(segment, 2));
  const loop = textOrNull(segment, 3);
  const code = text(segment, 4);
  return {
    transactionControlNumber: controlNumber,
    segmentId: id,
    segmentPosition: position,
    loop,
    elementPosition: null,
    code,
    badValue: null,
    message: `${id} (segment ${position ?? '?'}${loop ? `, loop ${loop}` : ''}): ${said(SEGMENT_ERRORS, code)}.`,
  };
}

function elementError(
  segmentError999: Error999,
  ik4: X12Segment,
  delimiters: X12Document['delimiters'],
): Error999 {
  const [position = ''] = parts(ik4, 1, delimiters);
  const code = text(ik4, 3);
  const badValue = textOrNull(ik4, 4);
  const where = `${segmentError999.segmentId ?? ''}${position.padStart(2, '0')}`;
  return {
    ...segmentError999,
    elementPosition: numberOrNull(position),
    code,
    badValue,
    message: `${where}${segmentError999.loop ? ` (loop ${segmentError999.loop})` : ''}: ${said(ELEMENT_ERRORS, code)}${badValue ? ` ("${badValue}")` : ''}.`,
  };
}

/** IK502-IK506 or AK905-AK909 codes, as errors of a set (or of the group when null). */
function envelopeErrors(segment: X12Segment, controlNumber: string | null): Error999[] {
  const errors: Error999[] = [];
  for (let position = segment.id === 'IK5' ? 2 : 5; position <= 9; position += 1) {
    const code = text(segment, position);
    if (code === '') continue;
    const what = controlNumber === null ? 'The functional group' : `Transaction ${controlNumber}`;
    errors.push({
      transactionControlNumber: controlNumber,
      segmentId: null,
      segmentPosition: null,
      loop: null,
      elementPosition: null,
      code,
      badValue: null,
      message: `${what}: ${said(ENVELOPE_ERRORS, code)}.`,
    });
  }
  return errors;
}

/**
 * Reads the first 999 transaction of the file (a clearinghouse answers each functional group
 * we send with one). Throws `X12Error` when the file is not a sound 999.
 */
export function interpret999(document: X12Document): Acknowledgment999 {
  const [transaction] = transactionsOf(document, '999');
  if (!transaction) throw new X12Error('The file holds no 999 transaction.');
  const { body, delimiters } = transaction;
  const ak1 = body.find((segment) => segment.id === 'AK1');
  const ak9 = body.find((segment) => segment.id === 'AK9');
  if (!ak1 || !ak9) throw new X12Error('The 999 has no AK1 or no AK9 segment.');

  const setResults: SetResult999[] = [];
  let set: SetResult999 | null = null;
  let lastSegmentError: Error999 | null = null;
  for (const segment of body) {
    if (segment.id === 'AK2') {
      set = {
        transactionSet: text(segment, 1),
        controlNumber: text(segment, 2),
        accepted: false,
        code: '',
        errors: [],
      };
      setResults.push(set);
    } else if (set && segment.id === 'IK3') {
      lastSegmentError = segmentError({ segment, controlNumber: set.controlNumber });
      set.errors.push(lastSegmentError);
    } else if (set && lastSegmentError && segment.id === 'IK4') {
      set.errors.push(elementError(lastSegmentError, segment, delimiters));
    } else if (set && segment.id === 'IK5') {
      set.code = text(segment, 1);
      set.accepted = ACCEPTED_CODES.has(set.code);
      set.errors.push(...envelopeErrors(segment, set.controlNumber));
      set = null;
      lastSegmentError = null;
    }
  }
  const code = text(ak9, 1);
  return {
    groupControlNumber: text(ak1, 2),
    functionalGroup: text(ak1, 1),
    accepted: ACCEPTED_CODES.has(code),
    code,
    setsIncluded: Number(text(ak9, 2)),
    setsReceived: Number(text(ak9, 3)),
    setsAccepted: Number(text(ak9, 4)),
    setResults,
    errors: [...setResults.flatMap((result) => result.errors), ...envelopeErrors(ak9, null)],
  };
}
