/**
 * 837P segments for the parties (005010X222A1): submitter and receiver (1000A,
 * 1000B), billing provider (2000A, 2010AA, 2010AB), subscriber and payer (2000B,
 * 2010BA, 2010BB) and the client when not the subscriber (2000C, 2010CA). Text
 * goes through x12Text (transliterated, basic character set, no delimiters);
 * identifiers were checked by the scrubber and go out as they are. Pure.
 */
import { seg, type X12Segment } from '../x12/segments.ts';
import { toX12Date, x12Text } from '../x12/x12-format.ts';
import {
  isCompleteAddress,
  RELATIONSHIP_CODES,
  RESPONSIBILITY_CODES,
  sameAddress,
  tinDigits,
  zipDigits,
} from './claim-values.ts';
import type {
  BillingProvider,
  Claim,
  ClaimAddress,
  ClaimPerson,
  ClaimPersonName,
  ClaimPolicy,
} from './model.ts';

/**
 * Numbers the HL segments of one transaction as they are emitted, so HL01 is
 * always 1, 2, 3… and each HL02 names a parent already written.
 */
export class HlCounter {
  private count = 0;

  /** The HL segment of a new level; returns it with its id, for children to name as parent. */
  next(parent: string, level: '20' | '22' | '23', hasChildren: boolean): [X12Segment, string] {
    this.count += 1;
    const id = String(this.count);
    return [seg('HL', id, parent, level, hasChildren ? '1' : '0'), id];
  }
}

/** NM1 for a person: last, first, middle, suffix, then the id when there is one. */
export function personNm1(
  entity: string,
  person: ClaimPersonName,
  idQualifier = '',
  id = '',
): X12Segment {
  return seg(
    'NM1',
    entity,
    '1',
    x12Text(person.lastName, 60),
    x12Text(person.firstName, 35),
    x12Text(person.middleName ?? '', 25),
    '',
    x12Text(person.suffix ?? '', 10),
    id === '' ? '' : idQualifier,
    id.trim(),
  );
}

/** NM1 for an organisation. */
export function organisationNm1(
  entity: string,
  name: string,
  idQualifier = '',
  id = '',
): X12Segment {
  return seg(
    'NM1',
    entity,
    '2',
    x12Text(name, 60),
    '',
    '',
    '',
    '',
    id === '' ? '' : idQualifier,
    id.trim(),
  );
}

/** N3 and N4: street lines, then city, state and the ZIP code as digits. */
export function addressSegments(address: ClaimAddress): X12Segment[] {
  return [
    seg('N3', x12Text(address.line1, 55), x12Text(address.line2 ?? '', 55)),
    seg(
      'N4',
      x12Text(address.city, 30),
      address.state.trim().toUpperCase(),
      zipDigits(address.zip) ?? '',
    ),
  ];
}

/** DMG: birth date and gender ('U' when not recorded, as DMG03 is required). */
function demographics(person: ClaimPerson): X12Segment {
  return seg('DMG', 'D8', toX12Date(person.dob?.trim() ?? '') ?? '', person.gender ?? 'U');
}

export interface Submitter {
  name: string;
  /** 1000A NM109, the id the clearinghouse knows us by; defaults to the interchange sender id. */
  id?: string;
  contactName: string;
  /** 10 digits; punctuation is dropped. */
  phone: string;
}

/** 1000A submitter and 1000B receiver. */
export function submitterAndReceiver(
  submitter: Submitter,
  submitterId: string,
  receiver: { name: string; id: string },
): X12Segment[] {
  return [
    organisationNm1('41', submitter.name, '46', submitterId),
    seg('PER', 'IC', x12Text(submitter.contactName, 60), 'TE', submitter.phone.replace(/\D/g, '')),
    organisationNm1('40', receiver.name, '46', receiver.id),
  ];
}

/** 2000A billing provider HL, 2010AA name and address, and 2010AB only when payments go elsewhere. */
export function billingLoops(billing: BillingProvider, hl: HlCounter): [X12Segment[], string] {
  const [hlSegment, id] = hl.next('', '20', true);
  const out = [hlSegment];
  const taxonomy = (billing.taxonomy ?? '').trim().toUpperCase();
  if (taxonomy !== '') out.push(seg('PRV', 'BI', 'PXC', taxonomy));
  const npi = billing.npi.trim();
  const entity = billing.entity;
  out.push(
    entity.kind === 'organisation'
      ? organisationNm1('85', entity.name, 'XX', npi)
      : personNm1('85', entity, 'XX', npi),
    ...addressSegments(billing.address),
    seg('REF', billing.tin.kind === 'ein' ? 'EI' : 'SY', tinDigits(billing.tin.value) ?? ''),
  );
  if (billing.payTo && !sameAddress(billing.payTo, billing.address)) {
    // 2010AB carries no name: NM1*87 with only the entity type, then the address.
    out.push(
      seg('NM1', '87', entity.kind === 'organisation' ? '2' : '1'),
      ...addressSegments(billing.payTo),
    );
  }
  return [out, id];
}

/** SBR: whose turn to pay, the client's relationship, group, and the kind of plan. */
export function sbr(
  policy: Pick<ClaimPolicy, 'responsibility' | 'groupNumber' | 'groupName' | 'filingIndicator'>,
  relationship: string,
): X12Segment {
  const group = (policy.groupNumber ?? '').trim();
  return seg(
    'SBR',
    RESPONSIBILITY_CODES[policy.responsibility],
    relationship,
    x12Text(group, 50),
    group === '' ? x12Text(policy.groupName ?? '', 60) : '',
    '',
    '',
    '',
    '',
    policy.filingIndicator,
  );
}

/**
 * 2000B subscriber, 2010BA (with address and birth date when the subscriber is
 * the client), 2010BB payer, then 2000C/2010CA only when the client is not the
 * subscriber.
 */
export function subscriberLoops(
  claim: Claim & { policy: ClaimPolicy },
  billingHl: string,
  hl: HlCounter,
): X12Segment[] {
  const { subscriber, patient, payer, policy } = claim;
  const [hlSegment, subscriberHl] = hl.next(billingHl, '22', patient !== null);
  const out = [
    hlSegment,
    sbr(policy, patient === null ? RELATIONSHIP_CODES.self : ''),
    personNm1('IL', subscriber, 'MI', policy.memberId),
  ];
  if (subscriber.address) out.push(...addressSegments(subscriber.address));
  if (patient === null) out.push(demographics(subscriber));
  out.push(organisationNm1('PR', payer.name, 'PI', payer.payerId));
  // The payer's address is situational: sent only when the practice has it whole.
  if (payer.address && isCompleteAddress(payer.address))
    out.push(...addressSegments(payer.address));
  if (patient !== null) {
    const [patientHl] = hl.next(subscriberHl, '23', false);
    out.push(
      patientHl,
      seg('PAT', RELATIONSHIP_CODES[patient.relationship]),
      personNm1('QC', patient),
      ...(patient.address ? addressSegments(patient.address) : []),
      demographics(patient),
    );
  }
  return out;
}
