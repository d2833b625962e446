import {
  ageInYears,
  formatClientNumber,
  formatPhone,
  formatUsDate,
  formatZip,
  fullName,
  legalName,
} from '@openpractice/domain';
import { asc, desc, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Db } from '../../../db/client.ts';
import { clientInsurances, practiceInsurances, practices } from '../../../db/schema/index.ts';
import type { ClientGate } from '../../../platform/client-gate.ts';
import {
  loadAddresses,
  loadClientRow,
  loadContacts,
  loadDiagnoses,
  loadEmails,
  loadPhones,
  loadTherapistStatuses,
  therapistName,
} from './profile-queries.ts';

/** Everything printed on a face sheet, loaded in one go. */
export async function loadFaceSheet(db: Db, gate: ClientGate) {
  const [practice] = await db
    .select({ name: practices.name })
    .from(practices)
    .where(eq(practices.id, gate.practiceId));
  const [row, phones, emails, addresses, contacts, therapists, diagnoses, policies] =
    await Promise.all([
      loadClientRow(db, gate.clientId),
      loadPhones(db, gate.clientId),
      loadEmails(db, gate.clientId),
      loadAddresses(db, gate.clientId),
      loadContacts(db, gate.clientId),
      loadTherapistStatuses(db, gate.clientId),
      loadDiagnoses(db, gate.clientId),
      db
        .select({
          insuranceType: clientInsurances.insuranceType,
          insuranceNumber: clientInsurances.insuranceNumber,
          startDate: clientInsurances.startDate,
          endDate: clientInsurances.endDate,
          isCurrent: clientInsurances.isCurrent,
          payer: practiceInsurances.label,
          payerId: practiceInsurances.payerId,
        })
        .from(clientInsurances)
        .leftJoin(
          practiceInsurances,
          eq(practiceInsurances.id, clientInsurances.practiceInsuranceId),
        )
        .where(eq(clientInsurances.clientId, gate.clientId))
        .orderBy(desc(clientInsurances.isCurrent), asc(clientInsurances.insuranceType)),
    ]);
  return {
    practiceName: practice?.name ?? '',
    row,
    phones,
    emails,
    addresses,
    contacts,
    therapists,
    diagnoses,
    policies,
  };
}
export type FaceSheet = Awaited<ReturnType<typeof loadFaceSheet>>;

const PAGE = { width: 612, height: 792, margin: 54 };
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.4, 0.4, 0.4);

/** Writes lines top to bottom, wrapping long text and starting new pages as needed. */
class Writer {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** The standard fonts cover Windows-1252 only: anything else prints as '?'. */
  private printable(text: string): string {
    const supported = new Set(this.font.getCharacterSet());
    return text.replace(/[\s\S]/gu, (c) =>
      supported.has(c.codePointAt(0) ?? 0) ? c : c === '\n' || c === '\t' ? ' ' : '?',
    );
  }

  private wrap(text: string, font: PDFFont, size: number, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(/\s+/)) {
      const next = current === '' ? word : `${current} ${word}`;
      if (font.widthOfTextAtSize(next, size) <= width || current === '') current = next;
      else {
        lines.push(current);
        current = word;
      }
    }
    lines.push(current);
    return lines;
  }

  private room(height: number) {
    if (this.y - height < PAGE.margin) {
      this.page = this.doc.addPage([PAGE.width, PAGE.height]);
      this.y = PAGE.height - PAGE.margin;
    }
  }

  text(
    value: string,
    options: { size?: number; bold?: boolean; muted?: boolean; indent?: number } = {},
  ) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.font;
    const indent = options.indent ?? 0;
    const width = PAGE.width - 2 * PAGE.margin - indent;
    for (const line of this.wrap(this.printable(value), font, size, width)) {
      this.room(size + 4);
      this.y -= size + 4;
      this.page.drawText(line, {
        x: PAGE.margin + indent,
        y: this.y,
        size,
        font,
        color: options.muted ? MUTED : INK,
      });
    }
  }

  field(label: string, value: string | null | undefined) {
    this.text(`${label}: ${value && value !== '' ? value : '-'}`, { indent: 8 });
  }

  heading(value: string) {
    this.room(32);
    this.y -= 10;
    this.text(value, { size: 12, bold: true });
  }
}

/** The one-page summary of a client a practice prints or hands on: who, how to reach, who pays, why. */
export async function renderFaceSheet(sheet: FaceSheet, now: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  // Document properties stay free of the client's name: they show in file listings.
  doc.setTitle('Client face sheet');
  doc.setProducer('OpenPractice');
  doc.setCreator('OpenPractice');
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const { row } = sheet;

  w.text(sheet.practiceName, { size: 16, bold: true });
  w.text(`Client face sheet, printed ${formatUsDate(now)}`, { muted: true });

  w.heading(legalName(row));
  if (row.nickName) w.field('Goes by', fullName(row));
  w.field('Account number', formatClientNumber(row.accountNumber));
  const age = row.dob ? ageInYears(row.dob, now) : null;
  w.field(
    'Date of birth',
    row.dob ? `${formatUsDate(row.dob)}${age === null ? '' : ` (age ${age})`}` : null,
  );
  w.field('Gender', row.gender);
  w.field('Marital status', row.maritalStatus);
  w.field('Employer', row.employer);

  w.heading('Contact details');
  for (const p of sheet.phones) {
    w.field(
      `Phone${p.label ? ` (${p.label})` : ''}`,
      `${formatPhone(p.contact)}${p.isDefault ? ', default' : ''}`,
    );
  }
  for (const e of sheet.emails) w.field('Email', `${e.contact}${e.isDefault ? ', default' : ''}`);
  const addressText = (a: {
    addressLine1: string;
    addressLine2: string | null;
    city: string;
    state: string;
    zipcode: string;
  }) =>
    [a.addressLine1, a.addressLine2, `${a.city}, ${a.state} ${formatZip(a.zipcode)}`]
      .filter(Boolean)
      .join(', ');
  const { defaultAddress, mailingAddress, otherAddresses } = sheet.addresses;
  if (defaultAddress) w.field('Address', addressText(defaultAddress));
  if (mailingAddress && mailingAddress.addressId !== defaultAddress?.addressId) {
    w.field('Mailing address', addressText(mailingAddress));
  }
  for (const a of otherAddresses) w.field('Other address', addressText(a));
  if (sheet.phones.length + sheet.emails.length === 0 && !defaultAddress)
    w.text('None on file.', { indent: 8 });
  for (const c of sheet.contacts) {
    const how = [c.phone ? formatPhone(c.phone) : null, c.email].filter(Boolean).join(', ');
    w.field(
      c.isEmergencyContact ? 'Emergency contact' : 'Contact',
      `${c.firstName} ${c.lastName}${c.relationship ? ` (${c.relationship})` : ''}${how ? `: ${how}` : ''}`,
    );
  }

  w.heading('Therapists');
  if (sheet.therapists.length === 0) w.text('None assigned.', { indent: 8 });
  for (const t of sheet.therapists) {
    w.field(therapistName(t), `${t.status}${t.isPrimary ? ', primary' : ''}`);
  }

  w.heading('Insurance');
  if (sheet.policies.length === 0) w.text('No insurance on file.', { indent: 8 });
  for (const p of sheet.policies) {
    const dates = `${p.startDate ? formatUsDate(p.startDate) : 'no start date'} to ${p.endDate ? formatUsDate(p.endDate) : 'no end date'}`;
    w.field(
      `${p.insuranceType === 'PRIMARY' ? 'Primary' : 'Secondary'}${p.isCurrent ? '' : ' (past)'}`,
      `${p.payer ?? 'Unknown payer'}${p.payerId ? ` (${p.payerId})` : ''}, member number ${p.insuranceNumber ?? '-'}, ${dates}`,
    );
  }

  w.heading('Diagnoses');
  if (sheet.diagnoses.length === 0) w.text('None recorded.', { indent: 8 });
  sheet.diagnoses.forEach((d, i) => {
    w.text(`${i + 1}. ${d.code}  ${d.description}`, { indent: 8 });
  });

  return doc.save();
}
