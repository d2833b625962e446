/**
 * Test mode: turns a sample 271 (a real answer kept on disk) into the answer
 * to one particular 270, as a payer would have written it. The sample keeps
 * what it says about coverage and benefits (EB loops, AAA rejections, plan
 * dates); everything that identifies the request is taken from the request:
 *
 * - envelope: sender and receiver swapped, the request's date, time, usage and
 *   control numbers (ISA13/IEA02, GS06/GE02, ST02/SE02), counts recomputed;
 * - BHT03 reference, payer name and id, the information receiver (provider);
 * - the trace (TRN*2 with the request's TRN02 and TRN03);
 * - the subscriber's name, member id and demographics, and the dependent's
 *   name, demographics and relationship.
 *
 * Shape: a dependent inquiry answered from a subscriber-only sample gains a
 * 2000D dependent loop holding the sample's plan dates and benefits; a
 * subscriber inquiry answered from a sample with a dependent loses it (its
 * benefits become the subscriber's). Only the sample's first transaction,
 * first subscriber and first dependent are used. Pure.
 */
import type { Request270 } from './read-270.ts';
import { read270 } from './read-270.ts';
import {
  element,
  parseX12,
  seg,
  serializeSegments,
  X12Error,
  type X12Delimiters,
  type X12Segment,
} from './segments.ts';

interface Loop {
  hl: X12Segment;
  body: X12Segment[];
}

const level = (loop: Loop): string => element(loop.hl, 3).trim();

/** Text without the sample's separators; upper case for names (as build270 writes them). */
function safeText(value: string, delimiters: X12Delimiters, upper: boolean): string {
  let text = upper ? value.toUpperCase() : value;
  for (const d of [
    delimiters.element,
    delimiters.component,
    delimiters.segment,
    delimiters.repetition,
  ]) {
    if (d !== '') text = text.split(d).join(' ');
  }
  return text.replace(/\s+/g, ' ').trim();
}

const padId = (id: string): string => id.slice(0, 15).padEnd(15, ' ');

/** Index of the first benefit-level segment (plan dates and EB loops start the part that moves). */
function firstBenefitIndex(body: readonly X12Segment[]): number {
  const index = body.findIndex((s) => s.id === 'DTP' || s.id === 'EB');
  return index < 0 ? body.length : index;
}

function setElement(segment: X12Segment, position: number, value: string): void {
  while (segment.elements.length < position) segment.elements.push('');
  segment.elements[position - 1] = value;
}

function demographics(
  person: { dob: string | null; gender: string | null },
  text: (v: string) => string,
): X12Segment[] {
  if (!person.dob) return [];
  return [
    person.gender
      ? seg('DMG', 'D8', text(person.dob), text(person.gender))
      : seg('DMG', 'D8', text(person.dob)),
  ];
}

/** The first 271 transaction of the sample: its envelope, its header (BHT) and its HL loops, copied. */
function sampleTransaction(segments: readonly X12Segment[]) {
  const isa = segments.find((s) => s.id === 'ISA');
  const gs = segments.find((s) => s.id === 'GS');
  const stIndex = segments.findIndex((s) => s.id === 'ST' && element(s, 1).trim() === '271');
  if (!isa || !gs || stIndex < 0) throw new X12Error('The sample holds no 271 transaction.');
  const seIndex = segments.findIndex((s, i) => i > stIndex && s.id === 'SE');
  if (seIndex < 0) throw new X12Error('The sample 271 transaction has no SE segment.');
  const st = segments[stIndex] ?? isa;

  const header: X12Segment[] = [];
  const loops: Loop[] = [];
  for (const segment of segments.slice(stIndex + 1, seIndex)) {
    if (segment.id === 'HL')
      loops.push({ hl: { ...segment, elements: [...segment.elements] }, body: [] });
    else if (loops.length === 0) header.push(segment);
    else loops[loops.length - 1]?.body.push({ ...segment, elements: [...segment.elements] });
  }
  return { isa, gs, st, header, loops };
}

/** The payer (2100A) and provider (2100B) names become the request's. */
function answerParties(
  request: Request270,
  upper: readonly Loop[],
  name: (v: string) => string,
  id: (v: string) => string,
): void {
  for (const loop of upper) {
    for (const segment of loop.body) {
      if (segment.id !== 'NM1') continue;
      if (level(loop) === '20' && element(segment, 1) === 'PR') {
        setElement(segment, 3, name(request.payer.name));
        setElement(segment, 8, 'PI');
        setElement(segment, 9, id(request.payer.id));
      } else if (level(loop) === '21' && element(segment, 1) === '1P') {
        segment.elements = request.providerName.map((v) => id(v));
      }
    }
  }
}

/** Renumbers the hierarchy: HL01 in order, HL02 pointing at the renumbered parent. */
function renumber(loops: readonly Loop[]): void {
  const renumbered = new Map<string, string>();
  loops.forEach((loop, index) => {
    const oldId = element(loop.hl, 1);
    const newId = String(index + 1);
    if (oldId !== '') renumbered.set(oldId, newId);
    loop.hl.elements[0] = newId;
  });
  for (const loop of loops) {
    const parent = element(loop.hl, 2);
    if (parent !== '') loop.hl.elements[1] = renumbered.get(parent) ?? parent;
  }
}

/** ISA and GS of the answer: the request's, with sender and receiver swapped. */
function answerEnvelope(request: Request270, isa: X12Segment, gs: X12Segment): X12Segment[] {
  const { interchange, group } = request;
  const isaOut: X12Segment = { id: 'ISA', elements: [...isa.elements] };
  isaOut.elements[4] = interchange.receiverQualifier;
  isaOut.elements[5] = padId(interchange.receiverId);
  isaOut.elements[6] = interchange.senderQualifier;
  isaOut.elements[7] = padId(interchange.senderId);
  isaOut.elements[8] = interchange.date;
  isaOut.elements[9] = interchange.time;
  isaOut.elements[12] = interchange.controlNumber;
  isaOut.elements[14] = interchange.usage;
  const gsOut: X12Segment = {
    id: 'GS',
    elements: [
      'HB',
      group.receiverCode,
      group.senderCode,
      request.date,
      request.time,
      group.controlNumber,
      ...gs.elements.slice(6),
    ],
  };
  return [isaOut, gsOut];
}

/** Builds the answer to `request270` from `sample271`; throws `X12Error` on a malformed input. */
export function echo271(sample271: string, request270: string): string {
  const request = read270(request270);
  const { delimiters, segments } = parseX12(sample271);
  const name = (v: string) => safeText(v, delimiters, true);
  const id = (v: string) => safeText(v, delimiters, false);
  const { isa, gs, st, header, loops } = sampleTransaction(segments);

  const upper = loops.filter((l) => level(l) === '20' || level(l) === '21');
  const subscriber = loops.find((l) => level(l) === '22') ?? null;
  const dependent =
    subscriber &&
    loops.find((l) => level(l) === '23' && element(l.hl, 2) === element(subscriber.hl, 1));
  answerParties(request, upper, name, id);
  const answered: Loop[] = [...upper];
  if (subscriber) answered.push(...answerPeople(request, subscriber, dependent ?? null, name, id));
  renumber(answered);

  const bht = header.find((s) => s.id === 'BHT');
  if (bht) {
    setElement(bht, 3, id(request.referenceId));
    setElement(bht, 4, request.date);
    setElement(bht, 5, request.time);
  }
  const transaction: X12Segment[] = [
    { id: 'ST', elements: ['271', request.transactionControlNumber, ...st.elements.slice(2)] },
    ...header,
    ...answered.flatMap((loop) => [loop.hl, ...loop.body]),
  ];
  transaction.push(seg('SE', String(transaction.length + 1), request.transactionControlNumber));

  const out = [
    ...answerEnvelope(request, isa, gs),
    ...transaction,
    seg('GE', '1', request.group.controlNumber),
    seg('IEA', '1', request.interchange.controlNumber),
  ];
  const newlineTerminated = delimiters.segment === '\n' || delimiters.segment === '\r';
  return serializeSegments(out, delimiters, { lineBreaks: !newlineTerminated });
}

/** A person's loop body without traces: its 2100 head, its plan dates and its EB (2110) loops. */
function partsOf(body: readonly X12Segment[]) {
  const kept = body.filter((s) => s.id !== 'TRN');
  const datesAt = firstBenefitIndex(kept);
  const firstEb = kept.findIndex((s) => s.id === 'EB');
  const benefitsAt = Math.max(datesAt, firstEb < 0 ? kept.length : firstEb);
  return {
    head: kept.slice(0, datesAt),
    dates: kept.slice(datesAt, benefitsAt),
    benefits: kept.slice(benefitsAt),
  };
}

/** Segments of 2100C that come before DMG. */
const BEFORE_DEMOGRAPHICS = new Set(['NM1', 'REF', 'N3', 'N4', 'AAA', 'PRV']);

/** The subscriber loop, and the dependent loop when the request asks about a dependent. */
function answerPeople(
  request: Request270,
  subscriber: Loop,
  dependent: Loop | null,
  name: (v: string) => string,
  id: (v: string) => string,
): Loop[] {
  const trace = seg('TRN', '2', id(request.trace.number), id(request.trace.entityId));
  const otherTraces = [...subscriber.body, ...(dependent?.body ?? [])].filter(
    (s) => s.id === 'TRN' && element(s, 1) !== '2',
  );
  const sub = partsOf(subscriber.body);
  const dep = partsOf(dependent?.body ?? []);

  // The subscriber: name, member id and demographics from the request.
  const person = request.subscriber;
  const subscriberHead = sub.head.flatMap((segment): X12Segment[] => {
    if (segment.id === 'DMG') return [];
    if (segment.id === 'NM1' && element(segment, 1) === 'IL') {
      return [
        seg(
          'NM1',
          'IL',
          '1',
          name(person.lastName),
          name(person.firstName),
          '',
          '',
          '',
          'MI',
          id(person.memberId),
        ),
      ];
    }
    return [segment];
  });
  let dmgAt = 0;
  subscriberHead.forEach((s, index) => {
    if (BEFORE_DEMOGRAPHICS.has(s.id)) dmgAt = index + 1;
  });
  subscriberHead.splice(dmgAt, 0, ...demographics(person, id));
  // The sample dependent's own details (REF, N3, AAA ...) without the name and demographics we replace.
  const dependentDetails = dep.head.filter((s) => !['NM1', 'DMG', 'INS'].includes(s.id));

  const wanted = request.dependent;
  if (!wanted) {
    subscriber.hl.elements[3] = '0';
    return [
      {
        hl: subscriber.hl,
        body: [
          trace,
          ...otherTraces,
          ...subscriberHead,
          ...dependentDetails,
          ...sub.dates,
          ...dep.dates,
          ...sub.benefits,
          ...dep.benefits,
        ],
      },
    ];
  }

  subscriber.hl.elements[3] = '1';
  const dependentHl = dependent?.hl ?? seg('HL', 'D', element(subscriber.hl, 1), '23', '0');
  dependentHl.elements[3] = '0';
  const dependentHead = [
    trace,
    ...otherTraces,
    seg('NM1', '03', '1', name(wanted.lastName), name(wanted.firstName)),
    ...dependentDetails,
    ...demographics(wanted, id),
    seg('INS', 'N', id(wanted.relationshipCode)),
  ];
  if (dependent) {
    return [
      { hl: subscriber.hl, body: [...subscriberHead, ...sub.dates, ...sub.benefits] },
      { hl: dependentHl, body: [...dependentHead, ...dep.dates, ...dep.benefits] },
    ];
  }
  // A subscriber-only sample: its plan dates and benefits become the dependent's.
  return [
    { hl: subscriber.hl, body: subscriberHead },
    { hl: dependentHl, body: [...dependentHead, ...sub.dates, ...sub.benefits] },
  ];
}
