import {
  detectDelimiters,
  interpret277ca,
  interpret835,
  interpret999,
  X12Error,
  type Acknowledgment277,
  type Acknowledgment999,
  type Remittance835,
  type X12Delimiters,
  type X12Document,
  type X12Segment,
} from '@openpractice/domain';
import { Readable } from 'node:stream';
import { X12parser, type FormattedSegment } from 'x12-parser';

/**
 * Reading the clearinghouse's answers (issue 20 item 6) with the maintained parser x12-parser
 * (1.3), kept behind our own interface: callers get the domain's typed results (read-999.ts,
 * read-277ca.ts, read-835.ts) and, for anything unreadable, the domain's `X12Error` with a
 * message a biller can act on, never the library's own. The library is a node stream (so it
 * lives here, not in the domain); every rule about what the files mean stays in the domain.
 */

const LEADING_NOISE = /^[\uFEFF\s]+/;

/** Where the ISA's fixed layout puts its element separators (ISA01 … ISA16). */
const ISA_SEPARATOR_POSITIONS = [
  3, 6, 17, 20, 31, 34, 50, 53, 69, 76, 81, 83, 89, 99, 101, 103,
] as const;
const ISA_LENGTH = 106;

/**
 * The delimiters, after checking the ISA is the fixed 106 characters: x12-parser reads them at
 * fixed positions and would otherwise split the file on the wrong characters without a word.
 */
function fixedWidthDelimiters(text: string): X12Delimiters {
  const delimiters = detectDelimiters(text);
  const fixedWidth =
    text.length >= ISA_LENGTH &&
    ISA_SEPARATOR_POSITIONS.every((position) => text.charAt(position) === delimiters.element) &&
    text.charAt(ISA_LENGTH - 1) === delimiters.segment;
  if (!fixedWidth) {
    throw new X12Error(
      'Invalid ISA header: it must be exactly 106 characters, each element at its fixed width.',
    );
  }
  return delimiters;
}

/**
 * One library segment ({ name, '1': 'HC', '1-1': '90837', '2': '150' }) as ours: each element
 * with its components joined again by the file's own component separator, so the domain splits
 * them exactly as the file did.
 */
function toSegment(formatted: FormattedSegment, component: string): X12Segment {
  const positions = Object.keys(formatted)
    .filter((key) => /^\d+$/.test(key))
    .map(Number);
  const count = positions.length === 0 ? 0 : Math.max(...positions);
  const elements: string[] = [];
  for (let position = 1; position <= count; position += 1) {
    const parts = [formatted[String(position)] ?? ''];
    for (let index = 1; formatted[`${position}-${index}`] !== undefined; index += 1) {
      parts.push(formatted[`${position}-${index}`] ?? '');
    }
    elements.push(parts.join(component));
  }
  return { id: formatted.name, elements };
}

/** Parses an interchange with x12-parser into the domain's document. */
export async function readX12Document(text: string): Promise<X12Document> {
  const body = text.replace(LEADING_NOISE, '');
  const delimiters = fixedWidthDelimiters(body);
  const segments: X12Segment[] = [];
  try {
    // One chunk: the library takes the delimiters from its first chunk, which must hold the ISA.
    const parsed = Readable.from([Buffer.from(body, 'utf8')]).pipe(new X12parser('utf8'));
    for await (const formatted of parsed as AsyncIterable<FormattedSegment>) {
      // A line break after the last terminator comes out as a segment with no name.
      if (formatted.name !== '') segments.push(toSegment(formatted, delimiters.component));
    }
  } catch (error) {
    throw new X12Error(
      `The file could not be read as X12: ${error instanceof Error ? error.message : 'unknown error'}.`,
    );
  }
  return { delimiters, segments };
}

/** A 999 implementation acknowledgment. Throws `X12Error` on anything but a sound 999. */
export async function read999(text: string): Promise<Acknowledgment999> {
  return interpret999(await readX12Document(text));
}

/** A 277CA claim acknowledgment. Throws `X12Error` on anything but a sound 277. */
export async function read277ca(text: string): Promise<Acknowledgment277> {
  return interpret277ca(await readX12Document(text));
}

/** An 835's remittances, one per payment. Throws `X12Error` on anything but a sound 835. */
export async function read835(text: string): Promise<Remittance835[]> {
  return interpret835(await readX12Document(text));
}
