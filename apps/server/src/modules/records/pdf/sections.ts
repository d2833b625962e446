import {
  appointmentLengthLabel,
  CLIENT_ATTENDANCE_LABELS,
  clientAppointmentAttendance,
  formatZonedDate,
  formatZonedTime,
  NONE_TEXT,
  NOT_AVAILABLE_TEXT,
} from '@openpractice/domain';
import type { PrintedAppointment, PrintedNote, PrintedSignature } from '../print-data.ts';
import { answerText } from './answers.ts';
import { BODY_SIZE, type PdfWriter } from '../../../platform/pdf/writer.ts';

/** The patient chart and the appointments as they appear in a PDF. */

const at = (instant: string, timezone: string) =>
  `${formatZonedDate(instant, timezone)} ${formatZonedTime(instant, timezone)}`;

const ROLE_LABELS: Record<PrintedSignature['role'], string> = {
  author: 'author',
  cosigner: 'co-signer',
};

function signatures(w: PdfWriter, list: readonly PrintedSignature[], timezone: string): void {
  if (list.length === 0) {
    w.write('No signature recorded.', { indent: 12 });
    return;
  }
  for (const s of list) {
    w.keep(2 * BODY_SIZE * 1.35);
    w.write(
      `Signed by ${s.signerName} (${ROLE_LABELS[s.role]}) on ${at(s.signedAt, timezone)}, version ${s.version}`,
      { indent: 12 },
    );
    w.write(`SHA-256: ${s.contentHash}`, { indent: 12, size: 8, grey: true, after: 2 });
  }
}

function noteHeader(w: PdfWriter, note: PrintedNote, timezone: string): void {
  const therapist = note.therapistCredentials
    ? `${note.therapistName}, ${note.therapistCredentials}`
    : note.therapistName;
  w.heading(`${note.templateName}: ${at(note.sessionAt, timezone)}`, 2);
  w.facts([
    ['Therapist', therapist],
    ['Duration', appointmentLengthLabel(note.durationMinutes)],
    ['Service (CPT)', note.cptCode ?? NOT_AVAILABLE_TEXT],
    ['Place of service', note.placeOfService ?? NOT_AVAILABLE_TEXT],
    ['Telehealth', note.telehealth ? 'Yes' : 'No'],
  ]);
  const diagnoses = note.diagnoses.map((d) =>
    d.description === null ? d.code : `${d.code} ${d.description}`,
  );
  w.facts([['Diagnoses', diagnoses.length === 0 ? NONE_TEXT : diagnoses.join('; ')]]);
  w.facts([
    ['Locked', at(note.lockedAt, timezone)],
    ['Version', String(note.version)],
  ]);
}

function note(w: PdfWriter, printed: PrintedNote, timezone: string): void {
  noteHeader(w, printed, timezone);
  for (const section of printed.template.sections) {
    w.heading(section.title, 3);
    const [only] = section.fields;
    // A section of one field named as the section shows its answer alone (not 'Plan' twice).
    if (section.fields.length === 1 && only?.label === section.title) {
      w.write(answerText(only, printed.content[only.id]), { indent: 12, after: 3 });
      continue;
    }
    for (const field of section.fields) {
      w.field(field.label, answerText(field, printed.content[field.id]));
    }
  }
  w.heading('Signatures', 3);
  signatures(w, printed.signatures, timezone);
  for (const addendum of printed.addenda) {
    w.heading(
      `Addendum by ${addendum.therapistName}, locked ${at(addendum.lockedAt, timezone)}`,
      3,
    );
    w.write(addendum.text.trim() === '' ? 'No text.' : addendum.text, { indent: 12, after: 3 });
    signatures(w, addendum.signatures, timezone);
  }
  w.rule();
}

/** Every locked note in session order, or a line saying there are none. */
export function chartSection(w: PdfWriter, notes: readonly PrintedNote[], timezone: string): void {
  w.heading('Patient chart', 1);
  if (notes.length === 0) {
    w.write('No locked notes match this request.');
    return;
  }
  w.write(`${notes.length} locked ${notes.length === 1 ? 'note' : 'notes'}, oldest first.`, {
    grey: true,
  });
  for (const printed of notes) note(w, printed, timezone);
}

function statusOf(a: PrintedAppointment): string {
  if (a.cancelledAt !== null) return 'Cancelled';
  if (a.isGroupOwnSession) return 'Group session';
  const attendance = clientAppointmentAttendance({ attended: a.attended, noShow: a.noShow }, false);
  return attendance === null ? NOT_AVAILABLE_TEXT : CLIENT_ATTENDANCE_LABELS[attendance];
}

function whereOf(a: PrintedAppointment): string {
  if (a.isTelehealth) return 'Telehealth';
  return a.location ?? NOT_AVAILABLE_TEXT;
}

function serviceOf(a: PrintedAppointment): string {
  const parts = [a.serviceCode, a.service].filter((p): p is string => p !== null && p !== '');
  const service = parts.length === 0 ? NOT_AVAILABLE_TEXT : parts.join(' ');
  return a.groupSession ? `${service} (group)` : service;
}

/** The appointments as one table, earliest first. */
export function appointmentsSection(
  w: PdfWriter,
  appointments: readonly PrintedAppointment[],
  timezone: string,
): void {
  w.heading('Appointments', 1);
  if (appointments.length === 0) {
    w.write('No appointments match this request.');
    return;
  }
  w.write(
    `${appointments.length} ${appointments.length === 1 ? 'appointment' : 'appointments'}, earliest first.`,
    {
      grey: true,
      after: 4,
    },
  );
  w.table(
    [
      { title: 'Date', share: 12 },
      { title: 'Time', share: 16 },
      { title: 'Length', share: 11 },
      { title: 'Therapist', share: 17 },
      { title: 'Service', share: 19 },
      { title: 'Where', share: 12 },
      { title: 'Status', share: 13 },
    ],
    appointments.map((a) => [
      formatZonedDate(a.startAt, timezone),
      a.allDay
        ? 'All day'
        : `${formatZonedTime(a.startAt, timezone)} - ${formatZonedTime(a.endAt, timezone)}`,
      appointmentLengthLabel(Math.round((Date.parse(a.endAt) - Date.parse(a.startAt)) / 60_000)),
      a.therapistName,
      serviceOf(a),
      whereOf(a),
      statusOf(a),
    ]),
  );
}
