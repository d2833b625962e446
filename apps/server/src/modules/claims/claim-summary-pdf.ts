import {
  claimTotalCents,
  DIAGNOSIS_LETTERS,
  formatMoney,
  formatUsDate,
  type Claim,
  type ClaimAddress,
  type ClaimPersonName,
} from '@openpractice/domain';
import { PdfWriter } from '../../platform/pdf/writer.ts';

/**
 * The simple claim (printSimple, issue 20 item 5): one plain page per claim that a client can
 * send their insurer, or the practice can send a payer that takes no CMS-1500 (or asks for a
 * copy), with what a claim says in words anyone reads: who billed, for whom, under which policy,
 * the diagnoses and each service with its codes and fee. It is a copy, not the submission.
 */

const personName = (n: ClaimPersonName) =>
  [n.firstName, n.middleName, n.lastName, n.suffix].filter((p) => (p ?? '') !== '').join(' ');

const addressText = (a: ClaimAddress | null | undefined) =>
  a ? [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ') : '';

const RELATIONSHIPS: Readonly<Record<string, string>> = {
  self: 'Self',
  spouse: 'Spouse',
  child: 'Child',
  other: 'Other',
};

function drawClaim(w: PdfWriter, claim: Claim): void {
  const billing = claim.billing;
  const billedBy =
    billing.entity.kind === 'organisation' ? billing.entity.name : personName(billing.entity);
  const patient = claim.patient ?? claim.subscriber;
  w.write('Claim summary', { size: 18, bold: true, after: 2 });
  w.write(`Claim ${claim.patientControlNumber}`, { grey: true, after: 6 });
  w.heading('Provider', 2);
  w.facts([
    ['Billing provider', billedBy],
    ['Address', addressText(billing.address)],
    ['NPI', billing.npi],
    [billing.tin.kind === 'ein' ? 'EIN' : 'SSN', billing.tin.value],
    ...(claim.rendering
      ? [
          [
            'Rendering provider',
            `${personName(claim.rendering)} (NPI ${claim.rendering.npi})`,
          ] as const,
        ]
      : []),
  ]);
  w.heading('Client and policy', 2);
  w.facts([
    ['Client', personName(patient)],
    ['Date of birth', patient.dob ? formatUsDate(patient.dob) : ''],
    ['Payer', claim.payer.name],
    ['Policy holder', personName(claim.subscriber)],
    [
      'Relationship to the policy holder',
      RELATIONSHIPS[claim.patient?.relationship ?? 'self'] ?? '',
    ],
    ['Member ID', claim.policy?.memberId ?? ''],
    ['Group number', claim.policy?.groupNumber ?? claim.policy?.groupName ?? ''],
    ...(claim.priorAuthorisation
      ? [['Prior authorisation', claim.priorAuthorisation] as const]
      : []),
  ]);
  w.heading('Diagnoses (ICD-10-CM)', 2);
  w.write(claim.diagnoses.map((d, i) => `${DIAGNOSIS_LETTERS.charAt(i)}. ${d}`).join('    '));
  w.space(6);
  w.table(
    [
      { title: 'Date of service', share: 0.18 },
      { title: 'Service (CPT)', share: 0.22 },
      { title: 'Diagnoses', share: 0.14 },
      { title: 'Place', share: 0.1 },
      { title: 'Units', share: 0.1 },
      { title: 'Charge', share: 0.26 },
    ],
    claim.lines.map((line) => [
      formatUsDate(line.dateOfService),
      [line.procedureCode, ...line.modifiers].join(' '),
      line.diagnosisPointers.map((n) => DIAGNOSIS_LETTERS.charAt(n - 1)).join(''),
      line.placeOfService ?? claim.placeOfService,
      String(line.units),
      formatMoney(line.chargeCents ?? 0),
    ]),
  );
  w.space(4);
  w.facts([['Total charge', formatMoney(claimTotalCents(claim))]]);
}

/** One page (or more, for a long claim) per claim, each starting on a new page. */
export async function claimSummaryPdf(
  claims: readonly Claim[],
  info: { author: string; now: Date },
): Promise<Uint8Array> {
  const w = await PdfWriter.create({
    title: 'Claim summaries',
    subject: `${String(claims.length)} claim summaries`,
    author: info.author,
    now: info.now,
  });
  claims.forEach((claim, index) => {
    // No room is ever enough: each claim after the first starts its own page.
    if (index > 0) w.keep(Number.POSITIVE_INFINITY);
    drawClaim(w, claim);
  });
  return w.finish(`${info.author} · Claim summary`);
}
