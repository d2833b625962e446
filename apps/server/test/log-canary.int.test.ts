import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { therapists, users } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * A client whose name and email carry a canary goes through every kind of
 * failure (bad input on create and update, a check the database refuses, a
 * database error that becomes a 500, a 404, a refusal to another practice's
 * user, signed storage addresses used wrongly), with the log captured at
 * `info` and at `trace`. The canary, the session, CSRF and storage tokens
 * must never reach the log (issue 13, finding 7).
 */

const CANARY = 'CANARY7f3a';
const EMAIL = 'canary7f3a.person@example.com';

type LogLine = {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { route?: string };
  route?: string;
  err?: { cause?: { code?: string } };
};

describe.each(['info', 'trace'])('the log at level %s', (level) => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp({ logLevel: level, logStream: { write: (line) => lines.push(line) } });
    // Two ways for the database itself to refuse the canary: a check (a 400) and an error of ours (a 500).
    await t.database.db.execute(
      sql.raw(
        `ALTER TABLE clients ADD CONSTRAINT canary_check CHECK (last_name <> '${CANARY}-check')`,
      ),
    );
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION canary_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.middle_name = '${CANARY}-boom' THEN RAISE EXCEPTION 'boom for %', NEW.middle_name; END IF;
          RETURN NEW;
        END $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'CREATE TRIGGER canary_boom BEFORE UPDATE ON clients FOR EACH ROW EXECUTE FUNCTION canary_boom()',
      ),
    );
  }, 120_000);
  afterAll(() => t.close());

  async function newClient(owner: Browser): Promise<number> {
    const [me] = await t.database.db.select().from(users).where(eq(users.username, 'owner'));
    const [therapist] = await t.database.db
      .select({ id: therapists.id })
      .from(therapists)
      .where(eq(therapists.practiceId, me!.practiceId!))
      .limit(1);
    const body = {
      firstName: CANARY,
      lastName: `${CANARY}Last`,
      email: EMAIL,
      therapistIds: [therapist!.id],
    };
    const refused = await owner.post('/api/patient/addNewPatientForTherapists', {
      ...body,
      firstName: `${CANARY}\u0000`,
    });
    expect(refused.statusCode).toBe(400);
    const created = await owner.post('/api/patient/addNewPatientForTherapists', body);
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ patientId: number }>().patientId;
  }

  it('holds no client name or email, and no session, CSRF or storage token', async () => {
    lines.length = 0;
    const owner = await signedIn(t.app, 'owner');
    await owner.refreshCsrf();
    const secrets = [CANARY, EMAIL, owner.cookie('op_session')!, owner.csrf!];
    const patientId = await newClient(owner);

    const update = (changes: Record<string, unknown>) =>
      owner.post('/api/patient/updateUserDetails', { patientId, ...changes });
    expect((await update({ firstName: `${CANARY}\u0001` })).statusCode).toBe(400);
    expect((await update({ firstName: CANARY, dob: `31/31/${CANARY}` })).statusCode).toBe(400);
    expect((await update({ lastName: `${CANARY}-check` })).statusCode).toBe(400);
    expect((await update({ middleName: `${CANARY}-boom` })).statusCode).toBe(500);
    expect((await owner.get(`/api/patient/findPatients?search=${CANARY}`)).statusCode).toBe(200);
    expect((await owner.get('/api/patient/getSummary?patientId=2147483000')).statusCode).toBe(404);
    expect((await owner.get(`/api/no/such/${CANARY}?email=${EMAIL}`)).statusCode).toBe(404);

    const stranger = await signedIn(t.app, 'owner2');
    secrets.push(stranger.cookie('op_session')!);
    const refusal = await stranger.get(`/api/patient/getSummary?patientId=${patientId}`);
    expect([403, 404]).toContain(refusal.statusCode);

    const link = await owner.get(`/api/patient/getPhotoIdUploadUrl?patientId=${patientId}`);
    expect(link.statusCode, link.body).toBe(200);
    const token = /\/api\/storage\/upload\/([^/?]+)/.exec(link.json<{ url: string }>().url)![1]!;
    secrets.push(token);
    const wrongType = await owner.request('PUT', `/api/storage/upload/${token}`, CANARY, {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(wrongType.statusCode).toBeGreaterThanOrEqual(400);
    expect((await owner.get(`/api/storage/file/${token}`)).statusCode).toBe(403);
    expect((await owner.get(`/api/storage/file/${token.slice(0, -4)}AAAA`)).statusCode).toBe(403);

    const parsed = lines.map((line) => JSON.parse(line) as LogLine);
    // The failures were logged, by request id and route pattern.
    const failed = parsed.find((l) => l.msg === 'request failed');
    expect(failed).toMatchObject({
      route: '/api/patient/updateUserDetails',
      err: { cause: { code: 'P0001' } },
    });
    expect(failed?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      parsed.some(
        (l) => l.route === '/api/patient/updateUserDetails' && l.err?.cause?.code === '23514',
      ),
    ).toBe(true);
    expect(parsed.some((l) => l.req?.route === '/api/storage/file/:token')).toBe(true);

    const all = lines.join('\n').toLowerCase();
    for (const secret of secrets)
      expect(all, `the log holds ${secret.slice(0, 12)}…`).not.toContain(secret.toLowerCase());
  }, 60_000);
});
