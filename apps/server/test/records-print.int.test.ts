import { PRINT_MESSAGES } from '@openpractice/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { auditLog, outboundEmails, printRecordFiles } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * Printing a client's records (issue 17 item 10): counts first, then a background job that
 * makes real PDFs (read back with pdftotext) of the locked notes only, with their signatures
 * and locked addenda, and the appointments; single-use, expiring downloads; the disclosure in
 * the audit log; and every refusal. The notes are written with SQL here, as the charting
 * service is written beside this area.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HASH = 'a'.repeat(64);
const HASH_ADDENDUM = 'b'.repeat(64);

type Status = {
  jobId: number;
  status: 'pending' | 'complete' | 'failed';
  progress: number;
  message: string | null;
  downloads: { fileId: number; fileName: string; recordTypes: string[]; url: string | null }[];
};

let t: TestApp;
let manager: Browser;
let owner: Browser;
let biller: Browser;
let frontoffice: Browser;
let therapist1: Browser;
let owner2: Browser;
let clientId: number;
let tmp: string;

const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
const one = async <T>(query: ReturnType<typeof sql>) =>
  (await rowsOf<T>(t.database.db, query))[0] as T;

const iso = (ms: number) => new Date(ms).toISOString();

/** A note with its locked versions (the last is printed) and an author signature per version. */
async function lockedNote(input: {
  therapistId: number;
  templateId: number;
  sessionAt: number;
  versions: string[];
  current?: string;
}): Promise<number> {
  const version = input.versions.length;
  const note = await one<{ id: number }>(sql`insert into chart_notes
      (practice_id, client_id, therapist_id, template_id, status, session_at, duration_minutes,
       cpt_code, place_of_service, telehealth, diagnoses, content, version, locked_at)
      values (1, ${clientId}, ${input.therapistId}, ${input.templateId}, 'locked',
        ${iso(input.sessionAt)}::timestamptz, 50, '90834', '11', false, array['F41.1']::text[],
        ${JSON.stringify({ subjective: input.current ?? input.versions.at(-1) })}::jsonb,
        ${version}, ${iso(input.sessionAt + HOUR)}::timestamptz)
      returning id`);
  for (const [index, subjective] of input.versions.entries()) {
    const content = {
      subjective,
      objective: 'Calm and engaged.',
      mse: { appearance: 'Appropriate', mood: 'Anxious' },
      assessment: 'Improving.',
      risk: { suicidal: 'None', denies: 'yes' },
      plan: 'Continue weekly.',
    };
    await exec(sql`insert into chart_note_versions (note_id, version, content, header, content_hash, locked_at)
        values (${note.id}, ${index + 1}, ${JSON.stringify(content)}::jsonb, '{}'::jsonb,
          ${index + 1 === version ? HASH : 'c'.repeat(64)}, ${iso(input.sessionAt + HOUR)}::timestamptz)`);
    await exec(sql`insert into chart_signatures (note_id, version, user_id, role, signer_name, signed_at, content_hash)
        select ${note.id}, ${index + 1}, t.user_id, 'author', 'Theresa Quinn, PsyD',
          ${iso(input.sessionAt + HOUR)}::timestamptz, ${index + 1 === version ? HASH : 'c'.repeat(64)}
        from therapists t where t.id = ${input.therapistId}`);
  }
  return note.id;
}

/** The practice's banner logo, stored as the logo page stores it. */
async function seedLogo(): Promise<void> {
  const png = await sharp({
    create: { width: 160, height: 48, channels: 3, background: '#2a6f97' },
  })
    .png()
    .toBuffer();
  await t.app.storage.adapter.put('practices/1/logo/banner-test.png', png);
  await exec(
    sql`update practices set logo_banner_key = 'practices/1/logo/banner-test.png' where id = 1`,
  );
}

async function seedRecords(now: number): Promise<void> {
  const therapist = await one<{ id: number; userId: number }>(
    sql`select t.id, t.user_id as "userId" from therapists t join users u on u.id = t.user_id
        where u.username = 'therapist1'`,
  );
  const template = await one<{ id: number }>(
    sql`select id from note_templates where key = 'soap' and practice_id is null`,
  );
  const client = await one<{ id: number }>(sql`insert into clients
      (practice_id, account_number, first_name, last_name, dob)
      values (1, 990001, 'Printable', 'Person', '1985-04-12') returning id`);
  clientId = client.id;
  await exec(sql`insert into client_therapists (client_id, therapist_id, is_primary)
      values (${clientId}, ${therapist.id}, true)`);
  const base = { therapistId: therapist.id, templateId: template.id };
  const recent = await lockedNote({
    ...base,
    sessionAt: now - 10 * DAY,
    versions: ['FIRST-LOCKED-VERSION', 'Client reports better sleep LATEST-LOCKED-TEXT'],
    current: 'CURRENT-ROW-CONTENT',
  });
  // Characters the PDF's fonts cannot draw never break it.
  await lockedNote({
    ...base,
    sessionAt: now - 40 * DAY,
    versions: ['SECOND-NOTE-TEXT Emoji 😀 漢字 Erdős'],
  });
  await lockedNote({ ...base, sessionAt: now - 800 * DAY, versions: ['OLD-NOTE-OUTSIDE-RANGE'] });
  await exec(sql`insert into chart_notes (practice_id, client_id, therapist_id, template_id, status,
      session_at, duration_minutes, content)
      values (1, ${clientId}, ${therapist.id}, ${template.id}, 'draft', ${iso(now - 5 * DAY)}::timestamptz,
        50, ${JSON.stringify({ subjective: 'DRAFT-SECRET-TEXT' })}::jsonb)`);
  await exec(sql`insert into psychotherapy_notes (practice_id, client_id, author_user_id, text)
      values (1, ${clientId}, ${therapist.userId}, 'PSYCHOTHERAPY-SECRET-TEXT')`);
  const addendum = await one<{ id: number }>(sql`insert into chart_addenda
      (note_id, practice_id, therapist_id, status, text, locked_at)
      values (${recent}, 1, ${therapist.id}, 'locked', 'ADDENDUM-LOCKED-TEXT', ${iso(now - 9 * DAY)}::timestamptz)
      returning id`);
  await exec(sql`insert into chart_signatures (note_id, addendum_id, version, user_id, role, signer_name, signed_at, content_hash)
      values (${recent}, ${addendum.id}, 1, ${therapist.userId}, 'author', 'Theresa Quinn, PsyD',
        ${iso(now - 9 * DAY)}::timestamptz, ${HASH_ADDENDUM})`);
  await exec(sql`insert into chart_addenda (note_id, practice_id, therapist_id, status, text)
      values (${recent}, 1, ${therapist.id}, 'draft', 'ADDENDUM-DRAFT-TEXT')`);
  // Appointments: two in the last year (one cancelled), one long ago, one request not yet confirmed.
  for (const [daysAgo, cancelled, awaiting] of [
    [10, false, false],
    [20, true, false],
    [800, false, false],
    [3, false, true],
  ] as const) {
    const start = now - daysAgo * DAY;
    const event = await one<{ id: number }>(sql`insert into calendar_events
        (practice_id, therapist_id, type, start_at, end_at, allow_double_booking, cancelled_at,
         awaiting_confirmation)
        values (1, ${therapist.id}, 'appointment', ${iso(start)}::timestamptz,
          ${iso(start + 50 * 60_000)}::timestamptz, true,
          ${cancelled ? iso(start - DAY) : null}::timestamptz, ${awaiting}) returning id`);
    await exec(sql`insert into calendar_event_attendees (event_id, client_id, attended)
        values (${event.id}, ${clientId}, ${cancelled || awaiting ? null : true})`);
  }
}

const filter = (overrides: Record<string, unknown> = {}) => {
  const today = new Date(t.clock.now().getTime()).toISOString().slice(0, 10);
  const start = new Date(t.clock.now().getTime() - 364 * DAY).toISOString().slice(0, 10);
  return {
    patientRecordIds: [clientId],
    recordTypes: ['patient_chart', 'appointments'],
    startDate: start,
    endDate: today,
    ...overrides,
  };
};

const printBody = (overrides: Record<string, unknown> = {}) =>
  filter({
    singlePdf: true,
    sendCompleteMessage: false,
    releasePurpose: 'Continuity of care',
    releasedTo: 'Dr. Ellie Sattler',
    ...overrides,
  });

async function waitForJob(browser: Browser, jobId: number): Promise<Status> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const response = await browser.post('/api/patientRecords/checkPrintRecordsStatus', { jobId });
    expect(response.statusCode, response.body).toBe(200);
    const status = response.json<{ data: Status }>().data;
    if (status.status !== 'pending') return status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not finish`);
}

async function printed(browser: Browser, body = printBody()): Promise<Status> {
  const response = await browser.post('/api/patientRecords/printPatientRecords', body);
  expect(response.statusCode, response.body).toBe(202);
  return waitForJob(browser, response.json<{ data: { jobId: number } }>().data.jobId);
}

function pdfFile(bytes: Buffer): string {
  const path = join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', [pdfFile(bytes), '-'], { encoding: 'utf8' });

/** The images in a PDF (pdfimages lists one line per image after a two-line header). */
const pdfImages = (bytes: Buffer) =>
  execFileSync('pdfimages', ['-list', pdfFile(bytes)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(2);

const lastAudit = async (action: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

beforeAll(async () => {
  t = await testApp();
  tmp = mkdtempSync(join(tmpdir(), 'op-print-'));
  await seedRecords(t.clock.now().getTime());
  await seedLogo();
  [manager, owner, biller, frontoffice, therapist1, owner2] = await Promise.all([
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'owner'),
    signedIn(t.app, 'biller'),
    signedIn(t.app, 'frontoffice'),
    signedIn(t.app, 'therapist1'),
    signedIn(t.app, 'owner2'),
  ]);
});
afterAll(async () => {
  await t.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('print options and counts', () => {
  it('offers the types each caller may print, and the therapists', async () => {
    const options = await manager.get(`/api/patientRecords/printOptions?patientId=${clientId}`);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().data).toMatchObject({
      patientId: clientId,
      clientName: 'Printable Person',
      recordTypes: [
        'patient_chart',
        'treatment_plan',
        'past_treatment_plans',
        'appointments',
        'form_response',
      ],
      therapists: [{ name: 'Theresa Quinn' }],
    });
    const forBiller = await biller.get(`/api/patientRecords/printOptions?patientId=${clientId}`);
    expect(forBiller.json().data.recordTypes).toEqual(['appointments', 'form_response']);
    const forFrontOffice = await frontoffice.get(
      `/api/patientRecords/printOptions?patientId=${clientId}`,
    );
    expect(forFrontOffice.statusCode).toBe(403);
  });

  it('counts locked notes and appointments in the range, for the chosen therapist', async () => {
    const response = await manager.post('/api/patientRecords/findBatchCountTotals', filter());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { recordType: 'patient_chart', count: 2 },
        { recordType: 'appointments', count: 2 },
      ],
      total: 4,
    });
    const allDates = await manager.post(
      '/api/patientRecords/findBatchCountTotals',
      filter({ startDate: null, endDate: null }),
    );
    expect(allDates.json().total).toBe(6);
    const otherTherapist = await one<{ id: number }>(
      sql`select t.id from therapists t join users u on u.id = t.user_id where u.username = 'therapist2'`,
    );
    const none = await manager.post(
      '/api/patientRecords/findBatchCountTotals',
      filter({ therapistId: otherTherapist.id }),
    );
    expect(none.json().total).toBe(0);
    const audit = await lastAudit('client.records_counted');
    expect(audit).toMatchObject({ patientId: clientId, detail: { kind: 'view' } });
  });

  it.each<[string, Record<string, unknown>]>([
    ['no record type', { recordTypes: [] }],
    ['a type that does not exist yet', { recordTypes: ['message_thread'] }],
    ['one date alone', { endDate: null }],
    ['dates in the wrong order', { startDate: '2026-02-01', endDate: '2026-01-01' }],
    ['no client', { patientRecordIds: [] }],
  ])('refuses %s (400)', async (_name, overrides) => {
    const response = await manager.post(
      '/api/patientRecords/findBatchCountTotals',
      filter(overrides),
    );
    expect(response.statusCode).toBe(400);
  });

  it('refuses the chart to a biller and any client of another practice (404)', async () => {
    const chart = await biller.post('/api/patientRecords/findBatchCountTotals', filter());
    expect(chart.statusCode).toBe(403);
    const appointments = await biller.post(
      '/api/patientRecords/findBatchCountTotals',
      filter({ recordTypes: ['appointments'] }),
    );
    expect(appointments.json().total).toBe(2);
    for (const path of ['findBatchCountTotals', 'printPatientRecords']) {
      const response = await owner2.post(`/api/patientRecords/${path}`, printBody());
      expect(response.statusCode).toBe(404);
    }
    const options = await owner2.get(`/api/patientRecords/printOptions?patientId=${clientId}`);
    expect(options.statusCode).toBe(404);
  });
});

describe('printing', () => {
  it('makes one PDF of the locked records only, downloaded once, and records the disclosure', async () => {
    const status = await printed(manager);
    expect(status).toMatchObject({
      status: 'complete',
      progress: 100,
      message: PRINT_MESSAGES.ready,
    });
    expect(status.downloads).toHaveLength(1);
    const [download] = status.downloads;
    expect(download?.recordTypes).toEqual(['patient_chart', 'appointments']);
    const url = download?.url ?? '';
    const response = await manager.get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(download?.fileName);
    const text = pdfText(response.rawPayload);
    expect(pdfImages(response.rawPayload)).toHaveLength(1);
    for (const expected of [
      'Riverbend Counseling Collective',
      'Printable Person',
      '04/12/1985',
      'Released to: Dr. Ellie Sattler',
      'Purpose: Continuity of care',
      'SOAP progress note',
      'LATEST-LOCKED-TEXT',
      'SECOND-NOTE-TEXT Emoji ? ?? Erdos',
      'Mental status exam',
      'Mood: Anxious',
      'Client denies all areas of risk',
      'F41.1',
      'Signed by Theresa Quinn, PsyD (author)',
      HASH,
      'ADDENDUM-LOCKED-TEXT',
      HASH_ADDENDUM,
      'Appointments',
      'Cancelled',
      'Attended',
    ]) {
      expect(text, expected).toContain(expected);
    }
    for (const excluded of [
      'FIRST-LOCKED-VERSION',
      'CURRENT-ROW-CONTENT',
      'DRAFT-SECRET-TEXT',
      'PSYCHOTHERAPY-SECRET-TEXT',
      'OLD-NOTE-OUTSIDE-RANGE',
      'ADDENDUM-DRAFT-TEXT',
    ]) {
      expect(text, excluded).not.toContain(excluded);
    }

    const again = await manager.get(url);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/already been used/);
    const after = await waitForJob(manager, status.jobId);
    expect(after.downloads[0]?.url).toBeNull();
    // The downloaded PDF is removed once its answer has left.
    await expect
      .poll(async () => {
        const [file] = await t.database.db
          .select({ removedAt: printRecordFiles.removedAt })
          .from(printRecordFiles)
          .where(eq(printRecordFiles.jobId, status.jobId));
        return file?.removedAt ?? null;
      })
      .not.toBeNull();

    const disclosure = await lastAudit('client.records_printed');
    expect(disclosure).toMatchObject({
      practiceId: 1,
      patientId: clientId,
      detail: {
        kind: 'print',
        disclosure: true,
        jobId: status.jobId,
        releasedTo: 'Dr. Ellie Sattler',
        releasePurpose: 'Continuity of care',
        recordTypes: ['patient_chart', 'appointments'],
        counts: { patient_chart: 2, appointments: 2 },
      },
    });
    const managerId = await one<{ id: number }>(
      sql`select id from users where username = 'manager'`,
    );
    expect(disclosure?.actorUserId).toBe(managerId.id);
    const downloadRow = await lastAudit('client.records_downloaded');
    expect(downloadRow).toMatchObject({
      patientId: clientId,
      detail: { kind: 'export', jobId: status.jobId },
    });
  });

  it('prints notes the charting service locked, with their signatures', async () => {
    const demo = await one<{ clientId: number; hash: string }>(
      sql`select n.client_id as "clientId", s.content_hash as hash
          from chart_notes n join chart_signatures s on s.note_id = n.id and s.addendum_id is null
          join clients c on c.id = n.client_id
          where n.status = 'locked' and c.practice_id = 1 and s.version = n.version
          order by n.session_at desc limit 1`,
    );
    const status = await printed(
      manager,
      printBody({ patientRecordIds: [demo.clientId], recordTypes: ['patient_chart'] }),
    );
    const response = await manager.get(status.downloads[0]?.url ?? '');
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Engaged and on time; good eye contact.');
    expect(text).toContain(demo.hash);
    expect(text).toContain('Appearance: Appropriate');
  });

  it('makes one PDF per record type when asked, the appointments without notes', async () => {
    const status = await printed(manager, printBody({ singlePdf: false }));
    expect(status.downloads.map((d) => d.recordTypes)).toEqual([
      ['patient_chart'],
      ['appointments'],
    ]);
    const appointments = await manager.get(status.downloads[1]?.url ?? '');
    const text = pdfText(appointments.rawPayload);
    expect(text).toContain('Theresa Quinn');
    expect(text).not.toContain('LATEST-LOCKED-TEXT');
  });

  it('refuses an expired link, and another user’s link', async () => {
    const status = await printed(manager, printBody({ recordTypes: ['appointments'] }));
    const url = status.downloads[0]?.url ?? '';
    const notYours = await owner.get(url);
    expect(notYours.statusCode).toBe(403);
    const otherPractice = await owner2.get(url);
    expect(otherPractice.statusCode).toBe(404);
    await t.database.db
      .update(printRecordFiles)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 60_000) })
      .where(eq(printRecordFiles.jobId, status.jobId));
    const expired = await manager.get(url);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);
    expect((await waitForJob(manager, status.jobId)).downloads[0]?.url).toBeNull();
    const forged = await manager.get(`${url.slice(0, -3)}AAA`);
    expect(forged.statusCode).toBe(403);
    const job = await owner2.post('/api/patientRecords/checkPrintRecordsStatus', {
      jobId: status.jobId,
    });
    expect(job.statusCode).toBe(404);
  });

  it('a biller prints appointments; refused releases and empty prints', async () => {
    const status = await printed(biller, printBody({ recordTypes: ['appointments'] }));
    expect(status.status).toBe('complete');
    const chart = await biller.post('/api/patientRecords/printPatientRecords', printBody());
    expect(chart.statusCode).toBe(403);
    const blank = await manager.post(
      '/api/patientRecords/printPatientRecords',
      printBody({ releasedTo: '  ' }),
    );
    expect(blank.statusCode).toBe(400);
    const nothing = await manager.post(
      '/api/patientRecords/printPatientRecords',
      printBody({ startDate: '2001-01-01', endDate: '2001-12-31' }),
    );
    expect(nothing.statusCode).toBe(400);
    const byTherapist = await printed(therapist1, printBody({ recordTypes: ['patient_chart'] }));
    expect(byTherapist.status).toBe('complete');
  });

  it('survives an error while making the PDFs: failed, with the spec’s message, nothing kept', async () => {
    const files = t.app.storage.adapter;
    const put = files.put.bind(files);
    files.put = () => Promise.reject(new Error('disk full'));
    try {
      const status = await printed(manager);
      expect(status).toMatchObject({
        status: 'failed',
        message: PRINT_MESSAGES.failed,
        downloads: [],
      });
    } finally {
      files.put = put;
    }
    const status = await printed(manager);
    expect(status.status).toBe('complete');
  });

  it('takes again a job its process left pending (stale heartbeat) when its status is asked', async () => {
    const done = await printed(manager, printBody({ recordTypes: ['appointments'] }));
    const stale = iso(t.clock.now().getTime() - 10 * 60_000);
    const orphan = await one<{ id: number }>(sql`insert into print_record_jobs
        (practice_id, requested_by_user_id, patient_ids, status, progress, request, items, counts,
         created_at, claimed_at, heartbeat_at)
        select practice_id, requested_by_user_id, patient_ids, 'pending', 40, request, items, counts,
          created_at, ${stale}::timestamptz, ${stale}::timestamptz
        from print_record_jobs where id = ${done.jobId} returning id`);
    const status = await waitForJob(manager, orphan.id);
    expect(status).toMatchObject({ status: 'complete', progress: 100 });
    expect(status.downloads).toHaveLength(1);
  });

  it('with sendCompleteMessage, emails the user where to download (no client name)', async () => {
    await exec(sql`update users set email = 'marcus@example.com' where username = 'manager'`);
    const status = await printed(manager, printBody({ sendCompleteMessage: true }));
    expect(status.status).toBe('complete');
    // The message goes once the job is complete.
    const mailOf = async () =>
      (
        await t.database.db
          .select()
          .from(outboundEmails)
          .where(
            and(
              eq(outboundEmails.kind, 'records_export'),
              eq(outboundEmails.recipient, 'marcus@example.com'),
            ),
          )
          .orderBy(desc(outboundEmails.id))
          .limit(1)
      )[0];
    await expect.poll(mailOf).toBeDefined();
    const mail = await mailOf();
    expect(mail?.subject).toBe(PRINT_MESSAGES.ready);
    expect(mail?.body).toContain(`/n/client/records/print/${clientId}?job=${status.jobId}`);
    expect(mail?.body).not.toContain('Printable');
  });
});
