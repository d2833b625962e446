import {
  formatClientNumber,
  statementFigures,
  zonedIsoDate,
  type StatementFigures,
} from '@openpractice/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { practiceTimezone } from '../../platform/practice-day.ts';
import { clientEntries, toLedgerEntry, type StoredEntry } from './ledger-store.ts';

/**
 * What a statement shows, frozen when it is made: who it is for (this client only — a
 * guarantor's statement never shows another client's details), the practice to pay, and the
 * figures. Descriptions name the service code, never a diagnosis or a note.
 */
export type StatementSnapshot = {
  client: { name: string; accountNumber: string; address: string[] };
  figures: StatementFigures;
  /** Where the client pays online: the portal, at the configured public address. */
  payLink: string;
};

const METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  external_card: 'Card (external terminal)',
  era: 'Insurance remittance',
};

/** A line's words: the service, the payment's method and reference, the adjustment, the notation. */
export function describeEntry(e: StoredEntry): string {
  const notation = e.notation ? ` · ${e.notation}` : '';
  const reversal = e.reversesId !== null ? 'Reversal: ' : '';
  switch (e.kind) {
    case 'charge':
      return `${reversal}Session${e.cptCode ? ` (${e.cptCode})` : ''}${notation}`;
    case 'payment': {
      const payer = e.paymentSource === 'insurance' ? 'Insurance payment' : 'Payment';
      const method = e.paymentMethod
        ? `, ${METHOD_LABELS[e.paymentMethod] ?? e.paymentMethod}`
        : '';
      const reference = e.reference ? ` ${e.reference}` : '';
      return `${reversal}${payer}${method}${reference}${notation}`;
    }
    case 'adjustment':
      return `${reversal}Adjustment (${e.adjustmentKind ?? 'other'})${notation}`;
    case 'refund':
      return `${reversal}Refund${notation}`;
    case 'allocation':
      return 'Applied';
  }
}

type ClientFacts = {
  firstName: string;
  lastName: string;
  accountNumber: number | string;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
};

async function clientFacts(db: Db, practiceId: number, clientId: number): Promise<ClientFacts> {
  const [row] = await rowsOf<ClientFacts>(
    db,
    sql`select c.first_name as "firstName", c.last_name as "lastName",
          c.account_number as "accountNumber", a.address_line1 as line1, a.address_line2 as line2,
          a.city, a.state, a.zipcode
        from clients c
        left join lateral (select * from client_addresses x where x.client_id = c.id
          order by x.is_mailing desc, x.is_default desc, x.id limit 1) a on true
        where c.id = ${clientId} and c.practice_id = ${practiceId}`,
  );
  if (!row) throw new Error('statement client is gone');
  return row;
}

/** The snapshot of a client's account for a period, as of now. */
export async function statementSnapshot(
  db: Db,
  input: { practiceId: number; clientId: number; from: string; to: string; payLink: string },
): Promise<StatementSnapshot> {
  const [entries, timezone, client] = [
    await clientEntries(db, input.practiceId, input.clientId, { lock: false }),
    await practiceTimezone(db, input.practiceId),
    await clientFacts(db, input.practiceId, input.clientId),
  ];
  const dated = entries.map((e) => ({
    ...toLedgerEntry(e),
    day:
      e.kind === 'charge' && e.dateOfService
        ? e.dateOfService
        : zonedIsoDate(e.createdAt, timezone),
    description: describeEntry(e),
  }));
  const cityLine = [client.city, [client.state, client.zipcode].filter(Boolean).join(' ')]
    .filter((part) => part !== null && part !== '')
    .join(', ');
  return {
    client: {
      name: `${client.firstName} ${client.lastName}`.trim(),
      accountNumber: formatClientNumber(client.accountNumber),
      address: [client.line1, client.line2, cityLine].filter(
        (part): part is string => part !== null && part !== '',
      ),
    },
    figures: statementFigures(dated, input.from, input.to),
    payLink: input.payLink,
  };
}
