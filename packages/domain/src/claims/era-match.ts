/**
 * Finding what an 835 pays among the practice's own claims (issue 20 item 7): a claim by its
 * patient control number (CLP01 is the CLM01 we sent, unique per claim version), then each
 * service line by its line control number (REF*6R), and failing that by procedure code, date
 * of service and charge. Each of our lines is matched at most once. Pure.
 */
import type { Claim835, ServiceLine835 } from './read-835.ts';

/** One of our claim's lines, as the server has it. */
export interface ClaimLineOnFile {
  lineId: string;
  lineControlNumber: string;
  procedureCode: string;
  /** YYYY-MM-DD */
  dateOfService: string;
  chargeCents: number;
}

/** An earlier ERA posting of a claim, which a reversal (CLP02 = 22) undoes. */
export interface EarlierPosting {
  /** The idempotency key it was posted under (era-post.ts). */
  key: string;
  payerClaimNumber: string | null;
  paidCents: number;
  /** Already undone by an earlier reversal. */
  reversed: boolean;
}

/** One of the practice's claims an ERA may pay; the server passes only its own practice's. */
export interface ClaimOnFile {
  claimId: string;
  patientControlNumber: string;
  lines: readonly ClaimLineOnFile[];
  postings: readonly EarlierPosting[];
}

export interface ClaimMatch {
  claim: ClaimOnFile | null;
  /** For each line of the ERA claim, our line's id, or null when none matched. */
  lineIds: (string | null)[];
  problems: string[];
}

const sameLine = (
  ours: ClaimLineOnFile,
  theirs: ServiceLine835,
  claimDate: string | null,
): boolean =>
  ours.procedureCode === (theirs.billedProcedureCode ?? theirs.procedureCode) &&
  ours.dateOfService === (theirs.dateOfService ?? claimDate) &&
  // A reversal repeats the charge negated.
  ours.chargeCents === Math.abs(theirs.chargeCents);

/** Our line ids for the ERA claim's lines: by REF*6R first, then by code + date + charge. */
export function matchLines(
  era: Claim835,
  ours: readonly ClaimLineOnFile[],
): { lineIds: (string | null)[]; problems: string[] } {
  const taken = new Set<string>();
  const byControlNumber = new Map(ours.map((line) => [line.lineControlNumber, line]));
  const lineIds: (string | null)[] = era.lines.map((line) => {
    const found =
      line.lineControlNumber === null ? undefined : byControlNumber.get(line.lineControlNumber);
    if (!found || taken.has(found.lineId)) return null;
    taken.add(found.lineId);
    return found.lineId;
  });
  era.lines.forEach((line, index) => {
    if (lineIds[index] !== null) return;
    const found = ours.find(
      (mine) => !taken.has(mine.lineId) && sameLine(mine, line, era.serviceDate),
    );
    if (!found) return;
    taken.add(found.lineId);
    lineIds[index] = found.lineId;
  });
  const problems = era.lines.flatMap((line, index) =>
    lineIds[index] === null
      ? [
          `Claim ${era.patientControlNumber}, line ${index + 1} (${line.procedureCode} on ${line.dateOfService ?? era.serviceDate ?? 'no date'}${line.lineControlNumber ? `, line control number ${line.lineControlNumber}` : ''}) matches none of the claim's lines.`,
        ]
      : [],
  );
  return { lineIds, problems };
}

/** Finds the ERA claim among ours and matches its lines. */
export function matchClaim(era: Claim835, ours: readonly ClaimOnFile[]): ClaimMatch {
  const claim = ours.find((mine) => mine.patientControlNumber === era.patientControlNumber);
  if (!claim) {
    return {
      claim: null,
      lineIds: era.lines.map(() => null),
      problems: [
        `No claim of the practice has the patient control number ${era.patientControlNumber}.`,
      ],
    };
  }
  return { claim, ...matchLines(era, claim.lines) };
}
