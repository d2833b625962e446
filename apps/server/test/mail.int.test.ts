import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../src/config.ts';
import { clients, outboundEmails } from '../src/db/schema/index.ts';
import { createMailer } from '../src/platform/mail.ts';
import { NAMED_CLIENTS } from '../src/seed/demo-clients.ts';
import { Browser, signedIn, testApp, testDatabase, type TestApp } from './harness.ts';

/** A message as the SMTP server received it. */
type Received = { from: string; to: string[]; user: string | undefined; raw: string };

/** Quoted-printable soft breaks and escapes, enough to read a plain-text body. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded)?.[1]?.trim();
}

function bodyOf(raw: string): string {
  const [, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  return /quoted-printable/i.test(headerOf(raw, 'Content-Transfer-Encoding') ?? '')
    ? decodeQuotedPrintable(body)
    : body;
}

function closeServer(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      resolve();
    });
  });
}

const received: Received[] = [];
let smtp: SMTPServer;
let port: number;
let t: TestApp;
const logLines: string[] = [];
const ids = { margaret: 0, bob: 0 };

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') {
        callback(null, { user: auth.username });
        return;
      }
      callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      // Robert's mailbox refuses mail, to show a failed delivery.
      if (address.address.startsWith('robert.')) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  t = await testApp({
    mail: {
      smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`,
      from: 'Riverbend Counseling <no-reply@riverbend.example>',
    },
    logStream: { write: (line) => void logLines.push(line) },
  });
  for (const [key, person] of [
    ['margaret', NAMED_CLIENTS.margaret],
    ['bob', NAMED_CLIENTS.bob],
  ] as const) {
    const [row] = await t.database.db
      .select({ id: clients.id })
      .from(clients)
      .where(and(eq(clients.firstName, person.firstName), eq(clients.lastName, person.lastName)));
    ids[key] = row?.id ?? 0;
  }
});

afterAll(async () => {
  await t.close();
  await closeServer(smtp);
});

async function latestRow(clientId: number) {
  const [row] = await t.database.db
    .select()
    .from(outboundEmails)
    .where(eq(outboundEmails.clientId, clientId))
    .orderBy(desc(outboundEmails.id))
    .limit(1);
  return row;
}

describe('mail through SMTP', () => {
  it('delivers a portal invitation to the SMTP server and marks the log row sent', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.post(
      `/api/patient/sendActivationLink?patientId=${ids.margaret}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ACTIVATION_LINK_SENT' });

    expect(received).toHaveLength(1);
    const message = received[0];
    if (!message) throw new Error('no message');
    expect(message.to).toEqual(['margaret.hamilton@example.com']);
    expect(message.from).toBe('no-reply@riverbend.example');
    expect(message.user).toBe('mailer');
    expect(headerOf(message.raw, 'Subject')).toBe('Your client portal invitation');
    expect(headerOf(message.raw, 'To')).toBe('margaret.hamilton@example.com');
    expect(headerOf(message.raw, 'From')).toBe('Riverbend Counseling <no-reply@riverbend.example>');
    const body = bodyOf(message.raw);
    const link = /http:\/\/localhost(?::\d+)?\/n\/public\/activate\?token=(\S+)/.exec(body);
    expect(link).not.toBeNull();

    const row = await latestRow(ids.margaret);
    expect(row).toMatchObject({
      recipient: 'margaret.hamilton@example.com',
      subject: 'Your client portal invitation',
      status: 'sent',
      error: null,
    });
    expect(row?.sentAt).toBeInstanceOf(Date);

    // The emailed link is the real thing: it activates the account.
    const token = decodeURIComponent(link?.[1] ?? '');
    const visitor = new Browser(t.app);
    const activated = await visitor.post('/api/public/portal/activate', {
      token,
      password: 'a long enough password',
    });
    expect(activated.json()).toEqual({
      status: 'ENABLED',
      username: 'margaret.hamilton@example.com',
    });
    expect(
      (await new Browser(t.app).signIn('margaret.hamilton@example.com', 'a long enough password'))
        .statusCode,
    ).toBe(200);

    const log = (
      await manager.get(`/api/emailMonitoring/outbound?clientId=${ids.margaret}`)
    ).json();
    expect(log.mailer).toBe('smtp');
    expect(log.data[0]).toMatchObject({ status: 'sent', body: null });
  });

  it('keeps a refused message as failed with the reason, answers 502 and leaves the status', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.post(`/api/patient/sendActivationLink?patientId=${ids.bob}`);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/could not be sent/);
    const row = await latestRow(ids.bob);
    expect(row?.status).toBe('failed');
    expect(row?.error).toMatch(/Mailbox unavailable/);
    expect(row?.sentAt).toBeNull();
    const status = (await manager.get(`/api/patient/portalStatus?patientId=${ids.bob}`)).json();
    expect(status.status).toBe('INITIAL');
  });

  it('never writes addresses, bodies or links to the application log', () => {
    const all = logLines.join('\n');
    expect(all).toContain('email could not be sent');
    expect(all).not.toMatch(/margaret\.hamilton|robert\.sinclair|token=|s3cret/i);
  });
});

describe('the mail adapter on its own', () => {
  it('without SMTP keeps the message as logged', async () => {
    const database = await testDatabase();
    try {
      const mailer = createMailer();
      expect(mailer.kind).toBe('local');
      const result = await mailer.sendMail(database.db, {
        practiceId: 1,
        to: 'someone@example.com',
        subject: 'Hello',
        text: 'Body text',
      });
      expect(result.status).toBe('logged');
      const [row] = await database.db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.id, result.id));
      expect(row).toMatchObject({
        recipient: 'someone@example.com',
        subject: 'Hello',
        body: 'Body text',
        status: 'logged',
        clientId: null,
      });
    } finally {
      await database.close();
    }
  });

  it('marks a message failed when the SMTP server cannot be reached', async () => {
    const database = await testDatabase();
    const closed = new SMTPServer({ disabledCommands: ['STARTTLS'], authOptional: true });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await closeServer(closed);
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${deadPort}` });
      const result = await mailer.sendMail(database.db, {
        practiceId: 1,
        to: 'someone@example.com',
        subject: 'Hello',
        text: 'Body',
      });
      expect(result.status).toBe('failed');
      expect(result.error).toMatch(/ECONNREFUSED|connect/i);
      mailer.close();
    } finally {
      await database.close();
    }
  });
});

describe('mail configuration', () => {
  it('reads SMTP_URL and MAIL_FROM, with a default sender', () => {
    expect(readConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'OpenPractice <no-reply@localhost>',
    });
    expect(
      readConfig({
        SMTP_URL: 'smtp://u:p@mail.example:587',
        MAIL_FROM: 'Clinic <hi@clinic.example>',
      }),
    ).toMatchObject({
      smtpUrl: 'smtp://u:p@mail.example:587',
      mailFrom: 'Clinic <hi@clinic.example>',
    });
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example' }, /SMTP_URL/],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL/],
    [{ MAIL_FROM: 'nobody' }, /MAIL_FROM/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL/],
  ])('refuses %j and names the variable, never its value', (env, pattern) => {
    expect(() => readConfig(env)).toThrow(pattern);
    try {
      readConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain(Object.values(env)[0]);
    }
  });
});
