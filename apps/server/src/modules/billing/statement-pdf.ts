import { AGING_BUCKETS, formatMoney, formatUsDate } from '@openpractice/domain';
import { drawLetterhead, type Letterhead } from '../../platform/pdf/letterhead.ts';
import { PdfWriter } from '../../platform/pdf/writer.ts';
import type { StatementSnapshot } from './statement-snapshot.ts';

/**
 * A statement's PDF, drawn from its frozen snapshot: the practice's letterhead (logo, name,
 * remit address), who it is for, the period's lines between the opening and closing
 * balances, the aging and how to pay.
 */
export async function statementPdf(
  snapshot: StatementSnapshot,
  practice: Letterhead,
  madeAt: Date,
): Promise<Uint8Array> {
  const { client, figures } = snapshot;
  const w = await PdfWriter.create({
    title: `Statement: ${client.name}`,
    subject: `Statement ${figures.from} to ${figures.to}`,
    author: practice.name,
    now: madeAt,
  });
  await drawLetterhead(w, practice);
  w.space(10);
  w.write('Statement', { size: 18, bold: true, after: 4 });
  w.facts([
    ['Statement for', client.name],
    ['Account', client.accountNumber],
  ]);
  if (client.address.length > 0) w.facts([['Address', client.address.join(', ')]]);
  w.facts([['Period', `${formatUsDate(figures.from)} to ${formatUsDate(figures.to)}`]]);
  w.facts([['Amount due', formatMoney(figures.amountDueCents)]]);
  w.rule();
  w.table(
    [
      { title: 'Date', share: 0.16 },
      { title: 'Description', share: 0.64 },
      { title: 'Amount', share: 0.2 },
    ],
    [
      [formatUsDate(figures.from), 'Balance forward', formatMoney(figures.openingCents)],
      ...figures.lines.map((l) => [formatUsDate(l.day), l.description, formatMoney(l.amountCents)]),
      [
        formatUsDate(figures.to),
        'Balance at the end of the period',
        formatMoney(figures.closingCents),
      ],
    ],
  );
  w.space(8);
  w.write('Aging of what is owed (by date of service)', { bold: true, after: 2 });
  w.facts(AGING_BUCKETS.map((b) => [b.label, formatMoney(figures.aging[b.key])] as const));
  w.space(8);
  w.write(`Pay online: sign in to the client portal at ${snapshot.payLink}`, { size: 9 });
  w.write(`Or pay ${practice.name} at the address above.`, { size: 9, grey: true });
  w.runningHeader = `${client.name} · Statement ${formatUsDate(figures.from)} to ${formatUsDate(figures.to)}`;
  return w.finish(`${practice.name} · Statement`);
}
