import { formatMoney, formatTin, formatUsDate } from '@openpractice/domain';
import { drawLetterhead, type Letterhead } from '../../platform/pdf/letterhead.ts';
import { PdfWriter } from '../../platform/pdf/writer.ts';
import type { SuperbillFacts } from './superbill-facts.ts';

const METHODS: Record<string, string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  external_card: 'Card',
};

/**
 * A superbill's PDF: titled and worded so it is not taken for a statement (it asks for no
 * payment; it is what the client sends their insurer), with the codes an insurer needs to
 * reimburse: diagnoses (ICD-10-CM), each service's CPT code, modifiers, units and place of
 * service, the provider's NPI, the practice's TIN and NPI, the fees and what the client paid.
 */
export async function superbillPdf(
  facts: SuperbillFacts,
  practice: Letterhead,
  period: { from: string; to: string },
  now: Date,
): Promise<Uint8Array> {
  const span = `${formatUsDate(period.from)} to ${formatUsDate(period.to)}`;
  const w = await PdfWriter.create({
    title: `Superbill: ${facts.client.name}`,
    subject: `Superbill ${period.from} to ${period.to}`,
    author: practice.name,
    now,
  });
  await drawLetterhead(w, practice);
  w.space(10);
  w.write('Superbill', { size: 18, bold: true, after: 2 });
  w.write(
    'For your insurer: an itemised record of services and payments to claim reimbursement. ' +
      'This is not a bill and asks for no payment.',
    { size: 9, grey: true, after: 6 },
  );
  w.facts([
    ['Client', facts.client.name],
    ['Date of birth', facts.client.dob ?? 'Not recorded'],
    ['Account', facts.client.accountNumber],
  ]);
  if (facts.client.address.length > 0) w.facts([['Address', facts.client.address.join(', ')]]);
  w.facts([
    ['Period', span],
    ['Practice TIN', formatTin(facts.practice.tin) ?? 'Not recorded'],
    ['Practice NPI', facts.practice.npi ?? 'Not recorded'],
    [
      'Diagnoses (ICD-10-CM)',
      facts.diagnoses.length > 0 ? facts.diagnoses.join(', ') : 'None recorded',
    ],
  ]);
  w.rule();
  w.write('Services', { bold: true, after: 2 });
  const fees = facts.services.reduce((sum, s) => sum + s.feeCents, 0);
  w.table(
    [
      { title: 'Date', share: 0.12 },
      { title: 'CPT', share: 0.09 },
      { title: 'Modifiers', share: 0.11 },
      { title: 'Units', share: 0.07 },
      { title: 'POS', share: 0.07 },
      { title: 'Provider', share: 0.2 },
      { title: 'Provider NPI', share: 0.14 },
      { title: 'Diagnosis', share: 0.08 },
      { title: 'Fee', share: 0.12 },
    ],
    [
      ...facts.services.map((s) => [
        formatUsDate(s.day),
        s.cptCode ?? '',
        s.modifiers.join(', '),
        String(s.units),
        s.placeOfService,
        s.provider,
        s.providerNpi ?? '',
        // Diagnosis pointers (A, B, ...) to the list above, as on a claim form.
        facts.diagnoses
          .slice(0, 4)
          .map((_d, i) => String.fromCharCode(65 + i))
          .join(''),
        formatMoney(s.feeCents),
      ]),
      ['', '', '', '', '', '', '', 'Total fees', formatMoney(fees)],
    ],
  );
  w.space(8);
  w.write('Payments by the client', { bold: true, after: 2 });
  const paid = facts.payments.reduce((sum, p) => sum + p.amountCents, 0);
  w.table(
    [
      { title: 'Date', share: 0.2 },
      { title: 'Method', share: 0.5 },
      { title: 'Amount', share: 0.3 },
    ],
    [
      ...facts.payments.map((p) => [
        formatUsDate(p.day),
        METHODS[p.method] ?? p.method,
        formatMoney(p.amountCents),
      ]),
      ['', 'Total paid', formatMoney(paid)],
    ],
  );
  w.runningHeader = `${facts.client.name} · Superbill ${span}`;
  return w.finish(`${practice.name} · Superbill`);
}
