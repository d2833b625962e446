import { formatLongDate } from '@openpractice/domain';
import { and, desc, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';
import { auditLog, clients, outboundFaxes, practiceContacts } from '../src/db/schema/index.ts';
import type { FaxTransport } from '../src/platform/fax.ts';
import { renderFaxPdf } from '../src/modules/clients/profile/referral-fax.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

const NO_FAX = 'Add a referral source with a fax number first.';
const BAD_FAX = 'Please enter fax in valid format.';
const SEND_FAILED = 'We could not send the fax. Please try again.';

async function clientId(t: TestApp, firstName: string, lastName: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.firstName, firstName), eq(clients.lastName, lastName)));
  if (!row) throw new Error(`no demo client ${firstName} ${lastName}`);
  return row.id;
}

async function contactId(t: TestApp, name: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: practiceContacts.id })
    .from(practiceContacts)
    .where(eq(practiceContacts.name, name));
  if (!row) throw new Error(`no demo contact ${name}`);
  return row.id;
}

const faxRow = async (t: TestApp, id: number) =>
  (await t.database.db.select().from(outboundFaxes).where(eq(outboundFaxes.id, id)))[0];

const lastAudit = async (t: TestApp, patientId: number) =>
  (
    await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.patientId, patientId))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

const isPdf = (bytes: Buffer | Uint8Array) =>
  Buffer.from(bytes).subarray(0, 5).toString('latin1') === '%PDF-';

describe('the referral fax with the local adapter (no FAX_URL)', () => {
  let t: TestApp;
  let manager: Browser;
  let therapist2: Browser;
  let owner2: Browser;
  let margaret: number;
  let bob: number;
  let grant: number;
  let school: number;

  beforeAll(async () => {
    t = await testApp();
    [manager, therapist2, owner2] = await Promise.all([
      signedIn(t.app, 'manager'),
      signedIn(t.app, 'therapist2'),
      signedIn(t.app, 'owner2'),
    ]);
    margaret = await clientId(t, 'Margaret', 'Hamilton');
    bob = await clientId(t, 'Robert', 'Sinclair');
    grant = await contactId(t, 'Dr. Alan Grant');
    school = await contactId(t, 'Casco Bay High School counselling office');
    const saved = await manager.post('/api/patientReferralSource/save', {
      patientId: margaret,
      contactId: grant,
    });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('fills the acknowledgement letter from the practice, the contact, the client and her therapists', async () => {
    const response = await manager.get(
      `/api/patientReferralSource/getFaxTemplate?patientId=${margaret}`,
    );
    expect(response.statusCode).toBe(200);
    const template = response.json<{
      subject: string;
      body: string;
      faxNumber: string;
      contactName: string;
    }>();
    const today = t.clock.now().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
    expect(template).toMatchObject({
      subject: 'Referral acknowledgement: Margaret Hamilton',
      faxNumber: '(207) 555-0143',
      contactName: 'Dr. Alan Grant',
    });
    expect(template.body.startsWith(formatLongDate(today))).toBe(true);
    for (const part of [
      'Dr. Alan Grant\nMaine Medical Partners',
      'Dear Dr. Alan Grant,',
      'Margaret Hamilton (date of birth 06/15/1985)',
      'to Riverbend Counseling Collective.',
      'Theresa Quinn, PsyD',
    ]) {
      expect(template.body).toContain(part);
    }
    expect(await lastAudit(t, margaret)).toEqual({
      action: 'client.referral_fax_template_read',
      detail: { kind: 'view', route: 'GET /api/patientReferralSource/getFaxTemplate' },
    });
  });

  it('answers 400 when the client has no referral source, or it has no fax number', async () => {
    const none = await manager.get(`/api/patientReferralSource/getFaxTemplate?patientId=${bob}`);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(NO_FAX);
    const sendNone = await manager.post('/api/patientReferralSource/sendFax', {
      patientId: bob,
      subject: 'Hello',
      body: 'Letter',
    });
    expect(sendNone.statusCode).toBe(400);
    expect(sendNone.json().message).toBe(NO_FAX);

    await manager.post('/api/patientReferralSource/save', { patientId: bob, contactId: school });
    const noFax = await manager.get(`/api/patientReferralSource/getFaxTemplate?patientId=${bob}`);
    expect(noFax.statusCode).toBe(400);
    expect(noFax.json().message).toBe(NO_FAX);
    const sendNoFax = await manager.post('/api/patientReferralSource/sendFax', {
      patientId: bob,
      subject: 'Hello',
      body: 'Letter',
    });
    expect(sendNoFax.statusCode).toBe(400);
    expect(sendNoFax.json()).toMatchObject({ message: NO_FAX, field: 'faxNumber' });
  });

  it('keeps the fax as logged, with its PDF in storage, and audits without PHI', async () => {
    const response = await manager.post('/api/patientReferralSource/sendFax', {
      patientId: margaret,
      subject: 'Referral acknowledgement: Margaret Hamilton',
      body: 'Dear Dr. Grant,\n\nThank you for the referral.\n\nRiverbend Counseling Collective',
    });
    expect(response.statusCode).toBe(200);
    const { status, faxId } = response.json<{ status: string; faxId: number }>();
    expect(status).toBe('logged');

    const row = await faxRow(t, faxId);
    expect(row).toMatchObject({
      practiceId: 1,
      clientId: margaret,
      contactId: grant,
      faxNumber: '2075550143',
      subject: 'Referral acknowledgement: Margaret Hamilton',
      status: 'logged',
      error: null,
      sentAt: null,
    });
    expect(row?.pdfKey).toMatch(new RegExp(`^clients/1/${margaret}/fax-[\\w-]+\\.pdf$`));
    const pdf = readFileSync(join(t.dataDir, 'files', row?.pdfKey ?? 'missing'));
    expect(isPdf(pdf)).toBe(true);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);

    const audit = await lastAudit(t, margaret);
    expect(audit).toEqual({
      action: 'client.referral_fax_sent',
      detail: {
        kind: 'change',
        route: 'POST /api/patientReferralSource/sendFax',
        faxId,
        status: 'logged',
      },
    });
  });

  it('sends to another number when one is given, and refuses a bad one with the domain message', async () => {
    const bad = await manager.post('/api/patientReferralSource/sendFax', {
      patientId: margaret,
      subject: 'Records',
      body: 'Letter',
      faxNumber: '12345',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 'error', message: BAD_FAX, field: 'faxNumber' });

    const other = await manager.post('/api/patientReferralSource/sendFax', {
      patientId: margaret,
      subject: 'Records',
      body: 'Letter',
      faxNumber: '+1 (207) 555-0199',
    });
    expect(other.statusCode).toBe(200);
    expect((await faxRow(t, other.json<{ faxId: number }>().faxId))?.faxNumber).toBe('2075550199');
  });

  it('checks subject and body: required, at most 200 and 10,000 characters', async () => {
    const send = (subject: string, body: string) =>
      manager.post('/api/patientReferralSource/sendFax', { patientId: margaret, subject, body });
    const cases = [
      [await send('  ', 'Letter'), 'subject', 'This is required.'],
      [
        await send('x'.repeat(201), 'Letter'),
        'subject',
        'Please enter no more than 200 characters.',
      ],
      [await send('Records', ''), 'body', 'This is required.'],
      [
        await send('Records', 'x'.repeat(10_001)),
        'body',
        'Please enter no more than 10000 characters.',
      ],
    ] as const;
    for (const [response, field, message] of cases) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field, message });
    }
    expect((await send('x'.repeat(200), 'y'.repeat(10_000))).statusCode).toBe(200);
    const missing = await manager.post('/api/patientReferralSource/sendFax', {});
    expect(missing.statusCode).toBe(400);
  });

  it('lists the client’s faxes newest first, with a signed link to each PDF', async () => {
    const response = await manager.get(`/api/patientReferralSource/faxes?patientId=${margaret}`);
    expect(response.statusCode).toBe(200);
    const list = response.json<{
      faxer: string;
      data: {
        id: number;
        status: string;
        faxNumber: string;
        contactName: string;
        subject: string;
        pdfUrl: string | null;
      }[];
    }>();
    expect(list.faxer).toBe('local');
    expect(list.data.length).toBe(3);
    const ids = list.data.map((f) => f.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(list.data.at(-1)).toMatchObject({
      status: 'logged',
      faxNumber: '2075550143',
      contactName: 'Dr. Alan Grant',
      subject: 'Referral acknowledgement: Margaret Hamilton',
    });
    expect(await lastAudit(t, margaret)).toEqual({
      action: 'client.profile_read',
      detail: {
        kind: 'view',
        route: 'GET /api/patientReferralSource/faxes',
        view: 'referralFaxes',
      },
    });

    const url = list.data.at(-1)?.pdfUrl ?? '';
    expect(url).toMatch(/^\/api\/storage\/file\//);
    const pdf = await manager.get(url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(isPdf(pdf.rawPayload)).toBe(true);
    expect(await lastAudit(t, margaret)).toMatchObject({ action: 'client.referral_fax_read' });

    const bobs = await manager.get(`/api/patientReferralSource/faxes?patientId=${bob}`);
    expect(bobs.json().data).toEqual([]);
  });

  it('is refused to another practice (404) and to a therapist without access (403)', async () => {
    for (const response of [
      await owner2.get(`/api/patientReferralSource/getFaxTemplate?patientId=${margaret}`),
      await owner2.get(`/api/patientReferralSource/faxes?patientId=${margaret}`),
      await owner2.post('/api/patientReferralSource/sendFax', {
        patientId: margaret,
        subject: 'Hello',
        body: 'Letter',
      }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const denied = await therapist2.get(
      `/api/patientReferralSource/getFaxTemplate?patientId=${margaret}`,
    );
    expect(denied.statusCode).toBe(403);
    const deniedSend = await therapist2.post('/api/patientReferralSource/sendFax', {
      patientId: margaret,
      subject: 'Hello',
      body: 'Letter',
    });
    expect(deniedSend.statusCode).toBe(403);
  });
});

describe('the referral fax through a fax service (FAX_URL)', () => {
  type Received = { path: string; authorization: string | undefined; json: Record<string, string> };
  const received: Received[] = [];
  let answer = 200;
  let server: Server;
  let port = 0;
  let t: TestApp;
  let manager: Browser;
  let margaret: number;
  const requestedUrls: string[] = [];

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
    });

  beforeAll(async () => {
    // An in-process stand-in for the provider: plain HTTP on loopback, reached
    // through the injectable transport (the adapter itself only takes https).
    server = createServer((request, response) => {
      void readBody(request).then((text) => {
        received.push({
          path: request.url ?? '',
          authorization: request.headers.authorization,
          json: JSON.parse(text) as Record<string, string>,
        });
        response.writeHead(answer, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer < 300 ? { id: 'fx_1' } : { error: 'line busy' }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    const transport: FaxTransport = async (url, init) => {
      requestedUrls.push(url);
      return fetch(`http://127.0.0.1:${port}/v1/faxes`, init);
    };
    t = await testApp({
      fax: { url: 'https://fax.example/v1/faxes', token: 'fax-token-123', transport },
    });
    manager = await signedIn(t.app, 'manager');
    margaret = await clientId(t, 'Margaret', 'Hamilton');
    await manager.post('/api/patientReferralSource/save', {
      patientId: margaret,
      contactId: await contactId(t, 'Dr. Alan Grant'),
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = () =>
    manager.post('/api/patientReferralSource/sendFax', {
      patientId: margaret,
      subject: 'Referral acknowledgement: Margaret Hamilton',
      body: 'Thank you for the referral.',
    });

  it('posts the PDF with the bearer token and marks the fax sent', async () => {
    const response = await send();
    expect(response.statusCode).toBe(200);
    const { status, faxId } = response.json<{ status: string; faxId: number }>();
    expect(status).toBe('sent');
    expect(requestedUrls).toEqual(['https://fax.example/v1/faxes']);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.authorization).toBe('Bearer fax-token-123');
    expect(request?.json).toMatchObject({
      to: '+12075550143',
      subject: 'Referral acknowledgement: Margaret Hamilton',
      reference: `openpractice-fax-1-${faxId}`,
      contentType: 'application/pdf',
      fileName: `fax-${faxId}.pdf`,
    });
    expect(isPdf(Buffer.from(request?.json.document ?? '', 'base64'))).toBe(true);

    const row = await faxRow(t, faxId);
    expect(row).toMatchObject({ status: 'sent', error: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    const list = await manager.get(`/api/patientReferralSource/faxes?patientId=${margaret}`);
    expect(list.json()).toMatchObject({ faxer: 'service', data: [{ id: faxId, status: 'sent' }] });
  });

  it('answers 502 when the service refuses, and keeps the fax as failed', async () => {
    answer = 503;
    const response = await send();
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(SEND_FAILED);
    const [row] = await t.database.db
      .select()
      .from(outboundFaxes)
      .orderBy(desc(outboundFaxes.id))
      .limit(1);
    expect(row).toMatchObject({
      status: 'failed',
      error: 'The fax service answered with status 503.',
      sentAt: null,
    });
    // Answered 502, yet committed: the failed fax and its audit row are kept together.
    expect(await lastAudit(t, margaret)).toEqual({
      action: 'client.referral_fax_sent',
      detail: {
        kind: 'change',
        route: 'POST /api/patientReferralSource/sendFax',
        faxId: row?.id,
        status: 'failed',
      },
    });
    answer = 200;
  });
});

describe('the fax PDF', () => {
  it('runs a long letter onto further pages and prints characters the font lacks as ?', async () => {
    const pdf = await renderFaxPdf(
      {
        practiceName: 'Riverbend Counseling Collective',
        to: {
          name: 'Dr. Alan Grant',
          organization: 'Maine Medical Partners',
          faxNumber: '2075550143',
        },
        date: '2026-11-21',
        subject: 'Referral acknowledgement',
        body:
          `${'A paragraph of the letter that goes on. '.repeat(40)}\n\n`.repeat(8) +
          `Emoji 🙂, Cyrillic Жж and a ${'verylongword'.repeat(30)}`,
      },
      new Date(),
    );
    expect(isPdf(pdf)).toBe(true);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(1);
  });
});

describe('fax configuration', () => {
  it('reads FAX_URL and FAX_TOKEN', () => {
    expect(readConfig({})).toMatchObject({ faxUrl: undefined, faxToken: undefined });
    expect(
      readConfig({ FAX_URL: 'https://fax.example/v1/faxes', FAX_TOKEN: 'abc.DEF-123' }),
    ).toMatchObject({ faxUrl: 'https://fax.example/v1/faxes', faxToken: 'abc.DEF-123' });
  });

  it.each([
    [{ FAX_URL: 'http://fax.example/send', FAX_TOKEN: 'abc' }, /FAX_URL/],
    [{ FAX_URL: 'not a url', FAX_TOKEN: 'abc' }, /FAX_URL/],
    [{ FAX_URL: 'https://fax.example/send' }, /FAX_TOKEN: required when FAX_URL is set/],
    [{ FAX_URL: 'https://fax.example/send', FAX_TOKEN: 'two words' }, /FAX_TOKEN/],
  ])('refuses %o', (env, pattern) => {
    expect(() => readConfig(env)).toThrow(pattern);
  });
});
