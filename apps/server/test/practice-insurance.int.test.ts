import { PAYER_MESSAGES, windowEnd } from '@openpractice/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, practiceInsurances } from '../src/db/schema/index.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

let t: TestApp;
let owner: Browser;
let biller: Browser;
let owner2: Browser;
let today: string;

type Payer = {
  practice_insurance_id: number;
  label: string;
  displayLabel: string;
  payerId: string;
  addressLine1: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  phone: string | null;
  endDate: string | null;
  therapist_specific: boolean;
  active: boolean;
};

const list = async (browser: Browser, includeAll = false) => {
  const response = await browser.get(`/api/practiceInsurance?includeAll=${String(includeAll)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Payer[] }>().data;
};

const save = (browser: Browser, body: Record<string, unknown>) =>
  browser.post('/api/practiceInsurance/save', body);

const harvard = {
  label: 'Harvard Pilgrim Health Care',
  payerId: '04271',
  addressLine1: 'PO Box 699183',
  city: 'Quincy',
  state: 'ma',
  zipcode: '02269-9183',
  phone: '(888) 333-4742',
};

beforeAll(async () => {
  t = await testApp();
  [owner, biller, owner2] = await Promise.all([
    signedIn(t.app, 'owner'),
    signedIn(t.app, 'biller'),
    signedIn(t.app, 'owner2'),
  ]);
  today = t.clock.now().toLocaleDateString('en-CA', { timeZone: 'America/New_York' });
});
afterAll(() => t.close());

describe('GET /api/practiceInsurance', () => {
  it('lists the active payers with their address, for any practice staff', async () => {
    const frontoffice = await signedIn(t.app, 'frontoffice');
    const payers = await list(frontoffice);
    expect(payers.map((p) => p.label)).toContain('Aetna');
    expect(payers.find((p) => p.label === 'Aetna')).toMatchObject({
      payerId: '60054',
      displayLabel: 'Aetna (60054)',
      addressLine1: 'PO Box 14079',
      city: 'Lexington',
      state: 'KY',
      zipcode: '40512',
      active: true,
      therapist_specific: false,
    });
  });

  it('keeps each practice to its own payers', async () => {
    const mine = await list(owner, true);
    const theirs = await list(owner2, true);
    const ids = new Set(theirs.map((p) => p.practice_insurance_id));
    expect(mine.some((p) => ids.has(p.practice_insurance_id))).toBe(false);
  });

  it('refuses callers outside a practice', async () => {
    const support = await signedIn(t.app, 'support');
    expect((await support.get('/api/practiceInsurance')).statusCode).toBe(403);
  });
});

describe('adding and editing a payer', () => {
  let added: Payer;

  it('adds a payer, normalised, for the billing role', async () => {
    const response = await biller.post('/api/practiceInsurance/save', harvard);
    expect(response.statusCode, response.body).toBe(201);
    added = response.json<Payer>();
    expect(added).toMatchObject({
      label: 'Harvard Pilgrim Health Care',
      displayLabel: 'Harvard Pilgrim Health Care (04271)',
      payerId: '04271',
      state: 'MA',
      zipcode: '022699183',
      phone: '8883334742',
      endDate: null,
      therapist_specific: false,
      active: true,
    });
    expect((await list(owner)).map((p) => p.practice_insurance_id)).toContain(
      added.practice_insurance_id,
    );
    const [audit] = await t.database.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toEqual({
      action: 'practice.payer_saved',
      detail: {
        kind: 'change',
        route: 'POST /api/practiceInsurance/save',
        practiceInsuranceId: added.practice_insurance_id,
        change: 'added',
        payerId: '04271',
      },
    });
  });

  it.each([
    [{ ...harvard, label: '  ' }, 'label', 'This is required.'],
    [{ ...harvard, payerId: '' }, 'payerId', 'This is required.'],
    [{ ...harvard, payerId: '042 71' }, 'payerId', PAYER_MESSAGES.payerId],
    [{ ...harvard, payerId: '04271~' }, 'payerId', PAYER_MESSAGES.payerId],
    [
      { ...harvard, payerId: '9'.repeat(81) },
      'payerId',
      'Please enter no more than 80 characters.',
    ],
    [{ ...harvard, state: 'Mass' }, 'state', PAYER_MESSAGES.state],
    [{ ...harvard, zipcode: '0226' }, 'zipcode', 'Please enter a five-digit ZIP code.'],
    [
      { ...harvard, phone: '333-4742' },
      'phone',
      'Please enter phone number in valid format, e.g. (888) 555-1212',
    ],
    [{ ...harvard, city: '' }, 'city', 'This is required.'],
    [
      { ...harvard, endDate: '02/30/2026' },
      'endDate',
      'Please enter a valid date, e.g. 01/05/1995.',
    ],
  ])('answers 400 for %o', async (body, field, message) => {
    const before = (await list(owner, true)).length;
    const response = await save(owner, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ field, message });
    expect((await list(owner, true)).length).toBe(before);
  });

  it('answers 400 for a body of the wrong shape', async () => {
    expect((await save(owner, {})).statusCode).toBe(400);
    expect(
      (await save(owner, { label: 'X', payerId: 'X', therapist_specific: 'yes' })).statusCode,
    ).toBe(400);
    expect((await save(owner, { ...harvard, practice_insurance_id: 'abc' })).statusCode).toBe(400);
  });

  it.each(['04271', '04271 ', 'sx107'])(
    'answers 409 for a payer id the practice already has (%j)',
    async (payerId) => {
      if (payerId === 'sx107') {
        expect(
          (await save(owner, { label: 'Cigna Behavioral', payerId: 'SX107' })).statusCode,
        ).toBe(201);
      }
      const response = await save(owner, { label: 'Another name', payerId });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: 'A payer with that payer ID already exists.',
      });
    },
  );

  it('lets another practice use the same payer id', async () => {
    expect((await save(owner2, { ...harvard })).statusCode).toBe(201);
  });

  it('edits a payer and keeps its id', async () => {
    const response = await save(owner, {
      ...harvard,
      practice_insurance_id: added.practice_insurance_id,
      label: 'Harvard Pilgrim',
      addressLine1: null,
      city: null,
      state: null,
      zipcode: null,
      therapist_specific: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      practice_insurance_id: added.practice_insurance_id,
      label: 'Harvard Pilgrim',
      addressLine1: null,
      zipcode: null,
      therapist_specific: true,
      active: false,
    });
    // Therapist-specific payers are not offered in the practice's list (spec-2 §4).
    expect((await list(owner)).map((p) => p.practice_insurance_id)).not.toContain(
      added.practice_insurance_id,
    );
    expect(
      (await save(owner, { ...harvard, practice_insurance_id: added.practice_insurance_id }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses to edit onto another payer’s id', async () => {
    const response = await save(owner, {
      label: 'Harvard Pilgrim',
      payerId: '60054',
      practice_insurance_id: added.practice_insurance_id,
    });
    expect(response.statusCode).toBe(409);
  });

  it('answers 404 for a payer of another practice', async () => {
    const response = await save(owner2, {
      label: 'Taken over',
      payerId: 'ZZ999',
      practice_insurance_id: added.practice_insurance_id,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(PAYER_MESSAGES.notFound);
    const [row] = await t.database.db
      .select({ label: practiceInsurances.label })
      .from(practiceInsurances)
      .where(eq(practiceInsurances.id, added.practice_insurance_id));
    expect(row?.label).toBe('Harvard Pilgrim Health Care');
  });

  it('gives one of two simultaneous saves of a payer id a 409', async () => {
    const [a, b] = await Promise.all([
      save(owner, { label: 'Tufts Health Plan', payerId: '04298' }),
      save(biller, { label: 'Tufts', payerId: '04298' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});

describe('ending a payer', () => {
  let payerId: number;
  beforeAll(async () => {
    const response = await save(owner, {
      label: 'Maine Community Health Options',
      payerId: 'MCHO1',
    });
    payerId = response.json<Payer>().practice_insurance_id;
  });

  it('ends a payer today: off the list, still in includeAll', async () => {
    const response = await biller.post('/api/practiceInsurance/end', {
      practice_insurance_id: payerId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ endDate: today, active: false });
    expect((await list(owner)).map((p) => p.practice_insurance_id)).not.toContain(payerId);
    expect(
      (await list(owner, true)).find((p) => p.practice_insurance_id === payerId),
    ).toMatchObject({ endDate: today, active: false });
  });

  it('takes a later end date, which keeps it active until then', async () => {
    const later = windowEnd(today, 14);
    const response = await owner.post('/api/practiceInsurance/end', {
      practice_insurance_id: payerId,
      endDate: `${later.slice(5, 7)}/${later.slice(8, 10)}/${later.slice(0, 4)}`,
    });
    expect(response.json()).toMatchObject({ endDate: later, active: true });
  });

  it('can be undone by saving with no end date', async () => {
    const response = await save(owner, {
      practice_insurance_id: payerId,
      label: 'Maine Community Health Options',
      payerId: 'MCHO1',
      endDate: null,
    });
    expect(response.json()).toMatchObject({ endDate: null, active: true });
  });

  it('answers 400 for a bad date and 404 for another practice’s payer', async () => {
    const bad = await owner.post('/api/practiceInsurance/end', {
      practice_insurance_id: payerId,
      endDate: 'someday',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'endDate' });
    const foreign = await owner2.post('/api/practiceInsurance/end', {
      practice_insurance_id: payerId,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await list(owner)).map((p) => p.practice_insurance_id)).toContain(payerId);
  });
});

describe('who may change payers', () => {
  it.each(['therapist1', 'frontoffice', 'scheduler', 'staffadmin'])(
    'refuses %s',
    async (username) => {
      const browser = await signedIn(t.app, username);
      const saved = await save(browser, { label: 'Nope', payerId: 'NOPE1' });
      expect(saved.statusCode).toBe(403);
      const ended = await browser.post('/api/practiceInsurance/end', { practice_insurance_id: 1 });
      expect(ended.statusCode).toBe(403);
    },
  );

  it('needs the CSRF token', async () => {
    const response = await owner.post(
      '/api/practiceInsurance/save',
      { label: 'No token', payerId: 'NOTOK' },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
  });
});
