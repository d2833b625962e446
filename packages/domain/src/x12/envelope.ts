/**
 * The interchange (ISA/IEA) and functional group (GS/GE) around any X12
 * transaction we write, shared by the 270 and the 837P so both carry the same
 * fixed-width ISA. Pure: control numbers, date and time come from the caller.
 */
import { DEFAULT_DELIMITERS, seg, type X12Segment } from './segments.ts';
import type { X12Issues } from './x12-issues.ts';
import { toX12Date, toX12Time } from './x12-format.ts';

export interface X12Party {
  /** ISA06/ISA08 and GS02/GS03 (up to 15 characters). */
  id: string;
  /** ISA05/ISA07 interchange id qualifier; defaults to 'ZZ' (mutually defined). */
  qualifier?: string;
}

export interface X12Envelope {
  sender: X12Party;
  receiver: X12Party;
  /** ISA13/IEA02: never reused by the sender (the server takes it from a database sequence). */
  interchangeControlNumber: number;
  /** GS06/GE02. */
  groupControlNumber: number;
  /** Creation date YYYY-MM-DD and time HH:MM (24 h). */
  date: string;
  time: string;
  /** ISA15: T for test, P for production. */
  usage: 'T' | 'P';
}

/** Left-aligned and space-padded to a fixed width (the ISA's fixed layout). */
export const padRight = (value: string, width: number): string =>
  value.slice(0, width).padEnd(width, ' ');
export const zeroPad = (value: number, width: number): string => String(value).padStart(width, '0');

/** ISA and GS: who sends to whom, when, under which control numbers, test or production. */
export function envelopeHeader(
  envelope: X12Envelope,
  functionalIdentifier: string,
  version: string,
): X12Segment[] {
  const d = DEFAULT_DELIMITERS;
  const date8 = toX12Date(envelope.date) ?? '';
  const time4 = toX12Time(envelope.time) ?? '';
  const isa = seg(
    'ISA',
    '00',
    padRight('', 10),
    '00',
    padRight('', 10),
    envelope.sender.qualifier ?? 'ZZ',
    padRight(envelope.sender.id.trim(), 15),
    envelope.receiver.qualifier ?? 'ZZ',
    padRight(envelope.receiver.id.trim(), 15),
    date8.slice(2),
    time4,
    d.repetition,
    '00501',
    zeroPad(envelope.interchangeControlNumber, 9),
    '0',
    envelope.usage,
    d.component,
  );
  const gs = seg(
    'GS',
    functionalIdentifier,
    envelope.sender.id.trim(),
    envelope.receiver.id.trim(),
    date8,
    time4,
    String(envelope.groupControlNumber),
    'X',
    version,
  );
  return [isa, gs];
}

/** GE and IEA closing one group of `transactionCount` transactions in one interchange. */
export function envelopeTrailer(envelope: X12Envelope, transactionCount: number): X12Segment[] {
  return [
    seg('GE', String(transactionCount), String(envelope.groupControlNumber)),
    seg('IEA', '1', zeroPad(envelope.interchangeControlNumber, 9)),
  ];
}

/** Interchange sender and receiver ids and their qualifiers. */
export function checkInterchangeParties(envelope: X12Envelope, issues: X12Issues): void {
  issues.id('sender.id', envelope.sender.id, 15, 'Sender id');
  for (const [field, qualifier] of [
    ['sender.qualifier', envelope.sender.qualifier],
    ['receiver.qualifier', envelope.receiver.qualifier],
  ] as const) {
    if (qualifier !== undefined && !/^[A-Z0-9]{2}$/.test(qualifier)) {
      issues.add(field, 'Interchange id qualifier must be 2 letters or digits.');
    }
  }
  issues.id('receiver.id', envelope.receiver.id, 15, 'Receiver id');
}

/** ISA13 and GS06. */
export function checkControlNumbers(envelope: X12Envelope, issues: X12Issues): void {
  issues.controlNumber(
    'interchangeControlNumber',
    envelope.interchangeControlNumber,
    'Interchange control number',
  );
  issues.controlNumber('groupControlNumber', envelope.groupControlNumber, 'Group control number');
}

/** Creation date and time. */
export function checkStamp(envelope: X12Envelope, issues: X12Issues): void {
  issues.date('date', envelope.date, 'Date', true);
  if (toX12Time(envelope.time) === null) issues.add('time', 'Time must be a valid time (HH:MM).');
}

/** ISA15, which may come from untyped JSON. */
export function checkUsage(envelope: X12Envelope, issues: X12Issues): void {
  const usage: string = envelope.usage;
  if (usage !== 'T' && usage !== 'P')
    issues.add('usage', 'Usage must be T (test) or P (production).');
}
