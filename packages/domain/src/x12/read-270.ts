/**
 * Reads back the parties, control numbers and people of a 005010X279A1 270
 * (as `build270` writes it), so an answer can be matched to its request or, in
 * test mode, a sample 271 can be made to echo it.
 */
import { element, parseX12, X12Error, type X12Segment } from './segments.ts';

export interface Request270Person {
  lastName: string;
  firstName: string;
  /** CCYYMMDD as sent (DMG02), or null. */
  dob: string | null;
  /** DMG03, or null. */
  gender: string | null;
}

export interface Request270 {
  interchange: {
    senderQualifier: string;
    senderId: string;
    receiverQualifier: string;
    receiverId: string;
    /** YYMMDD (ISA09) and HHMM (ISA10). */
    date: string;
    time: string;
    controlNumber: string;
    usage: string;
  };
  group: { senderCode: string; receiverCode: string; controlNumber: string };
  transactionControlNumber: string;
  /** BHT03, BHT04 (CCYYMMDD) and BHT05 (HHMM). */
  referenceId: string;
  date: string;
  time: string;
  payer: { name: string; id: string };
  /** The information receiver's NM1 elements as sent (NM101 to NM109). */
  providerName: string[];
  /** TRN02 and TRN03 of the request's trace. */
  trace: { number: string; entityId: string };
  subscriber: Request270Person & { memberId: string };
  dependent: (Request270Person & { relationshipCode: string }) | null;
  /** DTP*291, CCYYMMDD (the first date of a range). */
  serviceDate: string | null;
  serviceTypeCodes: string[];
}

const trimmed = (segment: X12Segment, position: number): string =>
  element(segment, position).trim();

/** Reads a 270; throws `X12Error` when the text is not X12 or holds no 270 transaction. */
export function read270(text: string): Request270 {
  const { segments } = parseX12(text);
  const find = (id: string): X12Segment => {
    const found = segments.find((s) => s.id === id);
    if (!found) throw new X12Error(`The request has no ${id} segment.`);
    return found;
  };
  const isa = find('ISA');
  const gs = find('GS');
  const stIndex = segments.findIndex((s) => s.id === 'ST' && trimmed(s, 1) === '270');
  if (stIndex < 0) throw new X12Error('The request holds no 270 eligibility transaction.');
  const st = segments[stIndex] ?? isa;
  const bht = segments.slice(stIndex).find((s) => s.id === 'BHT') ?? st;

  let level = '';
  let payer = { name: '', id: '' };
  let providerName: string[] = [];
  let trace = { number: '', entityId: '' };
  let subscriber: Request270['subscriber'] | null = null;
  let dependent: Request270['dependent'] = null;
  let serviceDate: string | null = null;
  const serviceTypeCodes: string[] = [];

  for (const segment of segments.slice(stIndex + 1)) {
    if (segment.id === 'SE') break;
    const e = (n: number) => trimmed(segment, n);
    switch (segment.id) {
      case 'HL':
        level = e(3);
        break;
      case 'NM1':
        if (level === '20') payer = { name: e(3), id: e(9) };
        else if (level === '21') providerName = segment.elements.map((v) => v.trim());
        else if (level === '22')
          subscriber = { lastName: e(3), firstName: e(4), memberId: e(9), dob: null, gender: null };
        else if (level === '23')
          dependent = {
            lastName: e(3),
            firstName: e(4),
            dob: null,
            gender: null,
            relationshipCode: '',
          };
        break;
      case 'DMG': {
        const person = level === '23' ? dependent : level === '22' ? subscriber : null;
        if (person && e(1) === 'D8') {
          person.dob = e(2) || null;
          person.gender = e(3) || null;
        }
        break;
      }
      case 'INS':
        if (level === '23' && dependent) dependent.relationshipCode = e(2);
        break;
      case 'TRN':
        if (e(1) === '1' && trace.number === '') trace = { number: e(2), entityId: e(3) };
        break;
      case 'DTP':
        if (e(1) === '291') serviceDate = e(3).split('-')[0] ?? null;
        break;
      case 'EQ':
        if (e(1) !== '') serviceTypeCodes.push(e(1));
        break;
      default:
        break;
    }
  }
  if (!subscriber) throw new X12Error('The request has no subscriber.');

  return {
    interchange: {
      senderQualifier: trimmed(isa, 5),
      senderId: trimmed(isa, 6),
      receiverQualifier: trimmed(isa, 7),
      receiverId: trimmed(isa, 8),
      date: trimmed(isa, 9),
      time: trimmed(isa, 10),
      controlNumber: trimmed(isa, 13),
      usage: trimmed(isa, 15),
    },
    group: {
      senderCode: trimmed(gs, 2),
      receiverCode: trimmed(gs, 3),
      controlNumber: trimmed(gs, 6),
    },
    transactionControlNumber: trimmed(st, 2),
    referenceId: trimmed(bht, 3),
    date: trimmed(bht, 4),
    time: trimmed(bht, 5),
    payer,
    providerName,
    trace,
    subscriber,
    dependent,
    serviceDate,
    serviceTypeCodes,
  };
}
