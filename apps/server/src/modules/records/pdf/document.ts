import {
  formatClientNumber,
  formatUsDate,
  formatZonedDate,
  formatZonedTime,
  legalName,
  NOT_AVAILABLE_TEXT,
  PRINT_RECORD_TYPE_LABELS,
  type PrintableRecordType,
} from '@openpractice/domain';
import type { PrintJobRequest } from '../../../db/schema/index.ts';
import type { PrintedAppointment, PrintedNote } from '../print-data.ts';
import type { PrintedForm, PrintedPlan } from '../print-documents.ts';
import type { PrintClient } from '../queries.ts';
import { formsSection, plansSection } from './document-sections.ts';
import { appointmentsSection, chartSection } from './sections.ts';
import { drawLetterhead, type Letterhead } from '../../../platform/pdf/letterhead.ts';
import { PdfWriter } from '../../../platform/pdf/writer.ts';

/**
 * One PDF of a client's records: the practice (name, logo, address), who the records are
 * about and the release (to whom, why, which records, which dates), then each record type.
 */

/** The practice at the head of the records (see platform/pdf/letterhead.ts). */
export type PrintPractice = Letterhead;

export type PrintDocument = {
  practice: PrintPractice;
  client: PrintClient;
  request: PrintJobRequest;
  therapistName: string | null;
  requestedBy: string;
  requestedAt: Date;
  recordTypes: readonly PrintableRecordType[];
  notes: readonly PrintedNote[];
  appointments: readonly PrintedAppointment[];
  plans: readonly PrintedPlan[];
  pastPlans: readonly PrintedPlan[];
  forms: readonly PrintedForm[];
};

async function cover(w: PdfWriter, d: PrintDocument): Promise<void> {
  const tz = d.practice.timezone;
  await drawLetterhead(w, d.practice);
  w.space(10);
  w.write('Client records', { size: 18, bold: true, after: 4 });
  w.facts([
    ['Client', legalName(d.client)],
    ['Date of birth', d.client.dob ? formatUsDate(d.client.dob) : NOT_AVAILABLE_TEXT],
    ['Account', formatClientNumber(d.client.accountNumber)],
  ]);
  w.facts([['Records', d.recordTypes.map((t) => PRINT_RECORD_TYPE_LABELS[t]).join(', ')]]);
  w.facts([
    [
      'Dates',
      d.request.startDate && d.request.endDate
        ? `${formatUsDate(d.request.startDate)} to ${formatUsDate(d.request.endDate)}`
        : 'All dates',
    ],
    ['Therapist', d.therapistName ?? 'All therapists'],
  ]);
  w.facts([['Released to', d.request.releasedTo]]);
  w.facts([['Purpose', d.request.releasePurpose]]);
  w.facts([
    [
      'Printed',
      `${formatZonedDate(d.requestedAt, tz)} ${formatZonedTime(d.requestedAt, tz)} by ${d.requestedBy}`,
    ],
  ]);
  w.space(4);
  w.write(
    'Confidential: this document holds protected health information released for the purpose ' +
      'above. Psychotherapy notes are not part of it.',
    { size: 8.5, grey: true },
  );
  w.rule();
}

/** The PDF's bytes. */
export async function buildRecordsPdf(d: PrintDocument): Promise<Uint8Array> {
  const name = legalName(d.client);
  const w = await PdfWriter.create({
    title: `Client records: ${name}`,
    subject: d.recordTypes.map((t) => PRINT_RECORD_TYPE_LABELS[t]).join(', '),
    author: d.practice.name,
    now: d.requestedAt,
  });
  await cover(w, d);
  const dob = d.client.dob ? `, born ${formatUsDate(d.client.dob)}` : '';
  w.runningHeader = `${name}${dob} · ${d.practice.name} · Confidential`;
  for (const type of d.recordTypes) {
    switch (type) {
      case 'patient_chart':
        chartSection(w, d.notes, d.practice.timezone);
        break;
      case 'treatment_plan':
        plansSection(w, 'Treatment plan', d.plans, d.practice.timezone);
        break;
      case 'past_treatment_plans':
        plansSection(w, 'Past treatment plans', d.pastPlans, d.practice.timezone);
        break;
      case 'appointments':
        appointmentsSection(w, d.appointments, d.practice.timezone);
        break;
      case 'form_response':
        formsSection(w, d.forms, d.practice.timezone);
        break;
    }
  }
  return w.finish(`${name} · Confidential client record`);
}
