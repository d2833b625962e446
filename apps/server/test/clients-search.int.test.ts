import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients, clientTherapists } from '../src/db/schema/index.ts';
import { signedIn, testApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const find = async (username: string, query: string) => {
  const browser = await signedIn(t.app, username);
  const response = await browser.get(`/api/patient/findPatients?${query}`);
  return response;
};
const names = (body: { data: { patient_last_name: string }[] }) =>
  body.data.map((r) => r.patient_last_name);

describe('search contexts come from the server', () => {
  it.each([
    ['therapist1', ['my', 'supervisees']],
    ['therapist2', ['my']],
    ['manager', ['all']],
    ['frontoffice', ['all']],
    ['custodian', ['custodian']],
  ])('%s is offered %j', async (username, expected) => {
    const browser = await signedIn(t.app, username);
    const body = (await browser.get('/api/patient/searchContexts')).json();
    expect(body.data.map((c: { value: string }) => c.value)).toEqual(expected);
  });

  it('refuses a context the server does not offer', async () => {
    expect((await find('therapist2', 'context=all&search=ham')).statusCode).toBe(403);
  });

  it('refuses clients (portal users)', async () => {
    expect((await find('client1', 'context=my')).statusCode).toBe(403);
  });
});

describe('GET /api/patient/findPatients', () => {
  it('finds a client by part of a name, returning every row field', async () => {
    const response = await find('manager', 'context=all&search=hamil');
    expect(response.statusCode).toBe(200);
    const [row] = response.json().data;
    expect(row).toMatchObject({
      patient_first_name: 'Margaret',
      patient_last_name: 'Hamilton',
      therapist_names: ['Theresa Quinn'],
      therapist_first_name: 'Theresa',
      practice_insurance_name: 'Aetna',
      user_insurance_insurancenumber: 'W000000002',
      email: 'margaret.hamilton@example.com',
      phone: '2075550102',
      dateOfBirth: '1985-06-15',
      payment_type: 'Insurance',
      accountNumber: expect.stringMatching(/^C\d{9}$/),
      clientStatus: 'Active',
      group_name: 'Tuesday Anxiety Group',
      isGroup: false,
    });
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining([
        'user_id',
        'patient_rcrd_id',
        'secondary_practice_insurance_id',
        'responsible_party_first_name',
        'responsible_party_last_name',
        'added',
      ]),
    );
  });

  it('matches every word, in any order, and the nickname', async () => {
    expect(names((await find('manager', 'context=all&search=hamilton%20marg')).json())).toEqual([
      'Hamilton',
    ]);
    expect(names((await find('manager', 'context=all&search=bob')).json())).toContain('Sinclair');
  });

  it('finds by account number and by the custom searchable id', async () => {
    const [margaret] = await t.database.db
      .select()
      .from(clients)
      .where(eq(clients.lastName, 'Hamilton'));
    const byAccount = (
      await find(
        'manager',
        `context=all&search=C${String(margaret!.accountNumber).padStart(9, '0')}`,
      )
    ).json();
    expect(names(byAccount)).toContain('Hamilton');
    const byCustom = (await find('manager', 'context=all&customSearchableId=rb-0002')).json();
    expect(names(byCustom)).toEqual(['Hamilton']);
  });

  it('treats LIKE wildcards in the search text literally', async () => {
    expect((await find('manager', 'context=all&search=%25')).json().data).toEqual([]);
    expect((await find('manager', 'context=all&search=_')).json().data).toEqual([]);
  });

  it('limits My Clients to the therapist caseload, and supervisees to those they supervise', async () => {
    const mine = (await find('therapist1', 'context=my&limit=500')).json().data;
    expect(mine.length).toBeGreaterThan(10);
    expect(
      mine.every((r: { therapist_names: string[] }) => r.therapist_names.includes('Theresa Quinn')),
    ).toBe(true);
    const supervisees = (await find('therapist1', 'context=supervisees&limit=500')).json().data;
    expect(supervisees.length).toBeGreaterThan(0);
    expect(
      supervisees.every((r: { therapist_names: string[] }) =>
        r.therapist_names.includes('Priya Raman'),
      ),
    ).toBe(true);
    const held = (await find('custodian', 'context=custodian')).json().data;
    expect(held).toHaveLength(3);
  });

  it('pages by 50 with a total', async () => {
    const first = (await find('manager', 'context=all&limit=50&offset=0&includeTotal=true')).json();
    const second = (
      await find('manager', 'context=all&limit=50&offset=50&includeTotal=true')
    ).json();
    expect(first.data).toHaveLength(50);
    expect(first.total).toBe(201);
    expect(second.total).toBe(201);
    const overlap = first.data.filter((a: { user_id: number }) =>
      second.data.some((b: { user_id: number }) => b.user_id === a.user_id),
    );
    expect(overlap).toEqual([]);
  });

  it('defaults to the 21-result typeahead limit', async () => {
    expect((await find('manager', 'context=all')).json().data).toHaveLength(21);
  });

  it.each([
    ['privatePay=true', (r: { payment_type: string }) => r.payment_type === 'Private Pay'],
    [
      'noInsurance=true',
      (r: { practice_insurance_id: number | null }) => r.practice_insurance_id === null,
    ],
    ['omitGroups=true', (r: { isGroup: boolean }) => !r.isGroup],
    ['clientStatuses=INACTIVE', (r: { clientStatus: string }) => r.clientStatus === 'Inactive'],
  ])('filters by %s', async (filter, check) => {
    const rows = (await find('manager', `context=all&limit=500&${filter}`)).json().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every(check)).toBe(true);
  });

  it('filters by therapist and by primary insurance', async () => {
    const manager = await signedIn(t.app, 'manager');
    const therapists = (await manager.get('/api/practice/listTherapists')).json().data;
    const okafor = therapists.find(
      (x: { practitionerLastName: string }) => x.practitionerLastName === 'Okafor',
    );
    const rows = (
      await manager.get(`/api/patient/findPatients?context=all&limit=500&therapistIds=${okafor.id}`)
    ).json().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every((r: { therapist_names: string[] }) => r.therapist_names.includes('Daniel Okafor')),
    ).toBe(true);
    const aetna = (
      await manager.get('/api/patient/findPatients?context=all&search=hamilton')
    ).json().data[0].practice_insurance_id;
    const insured = (
      await manager.get(
        `/api/patient/findPatients?context=all&limit=500&primaryInsuranceIds=${aetna}`,
      )
    ).json().data;
    expect(
      insured.every(
        (r: { practice_insurance_name: string }) => r.practice_insurance_name === 'Aetna',
      ),
    ).toBe(true);
  });

  it('sorts only by allowed keys', async () => {
    const response = await find('manager', 'context=all&sortBy=password_hash');
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('sortBy');
    const newest = (await find('manager', 'context=all&sortBy=added&sortDir=desc&limit=5')).json()
      .data;
    const added = newest.map((r: { added: string }) => r.added);
    expect([...added].sort().reverse()).toEqual(added);
  });

  it('never shows another practice clients', async () => {
    const first = (await find('manager', 'context=all&search=harbor')).json().data;
    expect(names({ data: first })).not.toContain('Harbor');
    const second = (await find('owner2', 'context=all&search=harbor')).json().data;
    expect(names({ data: second })).toContain('Harbor');
  });

  it('marks a client inactive only when every therapist status is INACTIVE', async () => {
    const [jordan] = await t.database.db
      .select()
      .from(clients)
      .where(eq(clients.lastName, 'Avery'));
    await t.database.db
      .update(clientTherapists)
      .set({ status: 'INACTIVE' })
      .where(eq(clientTherapists.clientId, jordan!.id));
    expect(
      (await find('manager', 'context=all&search=jordan%20avery')).json().data[0].clientStatus,
    ).toBe('Inactive');
  });
});

describe('linked clients, groups and custom id capability', () => {
  it('returns the groups of matching clients, only for context all', async () => {
    const manager = await signedIn(t.app, 'manager');
    const linked = (
      await manager.get('/api/patient/linkedPatients?context=all&search=hamilton')
    ).json().data;
    expect(linked).toEqual([expect.objectContaining({ name: 'Tuesday Anxiety Group' })]);
    const therapist = await signedIn(t.app, 'therapist1');
    expect(
      (await therapist.get('/api/patient/linkedPatients?context=my&search=hamilton')).json().data,
    ).toEqual([]);
  });

  it('lists search groups and the custom search capability', async () => {
    const manager = await signedIn(t.app, 'manager');
    expect((await manager.get('/api/therapist/listSearchGroups')).json().data).toEqual([
      { id: expect.any(Number), name: 'Tuesday Anxiety Group', memberCount: 4 },
    ]);
    expect((await manager.get('/api/setting/getCustomSearchCapabilities')).json()).toEqual({
      customSearchableId: { enabled: true, label: 'Chart number' },
    });
    const owner2 = await signedIn(t.app, 'owner2');
    expect(
      (await owner2.get('/api/setting/getCustomSearchCapabilities')).json().customSearchableId
        .enabled,
    ).toBe(false);
  });
});

describe('CSV export', () => {
  it('exports every matching row and audits the export', async () => {
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.get('/api/patient/exportPatients?context=all&omitGroups=true');
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Account number,Last name,First name,Nickname,Date of birth,Therapists,Group,Primary insurance,Insurance number,Secondary insurance,Responsible party,Email,Phone,Payment type,Status,Added',
    );
    expect(lines).toHaveLength(200 + 1);
    const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      action: 'client.search_exported',
      detail: expect.objectContaining({ count: 200, kind: 'export' }),
    });
    // Every exported client is named in the row, not only the first thousand.
    expect(row!.patientIds).toHaveLength(200);
  });
});

describe('duplicates and new clients', () => {
  it('finds possible duplicates by name, by last name and date of birth, by email and by phone', async () => {
    const manager = await signedIn(t.app, 'manager');
    const byName = (
      await manager.get('/api/patient/listDuplicateClients?firstName=jordan&lastName=AVERY')
    ).json().data;
    expect(byName).toEqual([
      expect.objectContaining({ firstName: 'Jordan', lastName: 'Avery', reasons: ['Same name'] }),
    ]);
    const byDob = (
      await manager.get(
        '/api/patient/listDuplicateClients?firstName=Jo&lastName=Avery&dob=1990-04-12',
      )
    ).json().data;
    expect(byDob[0].reasons).toEqual(['Same last name and date of birth']);
    const byEmail = (
      await manager.get(
        '/api/patient/listDuplicateClients?firstName=X&lastName=Y&email=Margaret.Hamilton@example.com',
      )
    ).json().data;
    expect(byEmail[0].reasons).toEqual(['Same email']);
    expect(
      (
        await manager.get('/api/patient/listDuplicateClients?firstName=Zed&lastName=Nobodyson')
      ).json().data,
    ).toEqual([]);
  });

  it('creates a client with therapist, contact details and insurance, audited', async () => {
    const manager = await signedIn(t.app, 'manager');
    const therapistId = (await manager.get('/api/practice/listTherapists')).json().data[0].id;
    const aetna = (
      await manager.get('/api/patient/findPatients?context=all&search=hamilton')
    ).json().data[0].practice_insurance_id;
    const response = await manager.post('/api/patient/addNewPatientForTherapists', {
      firstName: 'Quinn',
      lastName: 'Newcomer',
      dob: '1999-02-03',
      email: 'quinn.newcomer@example.com',
      phone: '(207) 555-0199',
      therapistIds: [therapistId],
      insurance: { practiceInsuranceId: aetna, insuranceNumber: 'NEW123' },
    });
    expect(response.statusCode).toBe(201);
    const { patientId, accountNumber } = response.json();
    expect(accountNumber).toMatch(/^C\d{9}$/);
    const found = (
      await manager.get('/api/patient/findPatients?context=all&search=newcomer')
    ).json().data[0];
    expect(found).toMatchObject({
      user_id: patientId,
      phone: '2075550199',
      practice_insurance_name: 'Aetna',
      user_insurance_insurancenumber: 'NEW123',
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client.created'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({
      action: 'client.created',
      patientId,
      detail: { kind: 'change' },
    });
  });

  it.each([
    [{ firstName: '', lastName: 'X', therapistIds: [1] }, 'firstName', 'This is required.'],
    [
      { firstName: 'A', lastName: 'X', therapistIds: [] },
      'therapistIds',
      'Choose at least one therapist.',
    ],
    [
      { firstName: 'A', lastName: 'X', therapistIds: [1], email: 'nope' },
      'email',
      'Please enter a valid e-mail address',
    ],
    [
      { firstName: 'A', lastName: 'X', therapistIds: [1], phone: '12' },
      'phone',
      'Please enter phone number in valid format, e.g. (888) 555-1212',
    ],
    [
      { firstName: 'A', lastName: 'X', therapistIds: [999999] },
      'therapistIds',
      'Choose therapists of this practice.',
    ],
  ])('refuses %j with a message on %s, writing nothing', async (body, field, message) => {
    const manager = await signedIn(t.app, 'manager');
    const before = (await t.database.db.select({ n: count() }).from(clients))[0]!.n;
    const response = await manager.post('/api/patient/addNewPatientForTherapists', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe(field);
    expect(response.json().message).toContain(message);
    expect((await t.database.db.select({ n: count() }).from(clients))[0]!.n).toBe(before);
  });

  it("refuses another practice's therapist", async () => {
    const owner2 = await signedIn(t.app, 'owner2');
    const theirs = (await owner2.get('/api/practice/listTherapists')).json().data[0].id;
    const manager = await signedIn(t.app, 'manager');
    const response = await manager.post('/api/patient/addNewPatientForTherapists', {
      firstName: 'A',
      lastName: 'B',
      therapistIds: [theirs],
    });
    expect(response.statusCode).toBe(400);
  });

  it('gives concurrent new clients distinct account numbers', async () => {
    const manager = await signedIn(t.app, 'manager');
    const therapistId = (await manager.get('/api/practice/listTherapists')).json().data[0].id;
    await manager.refreshCsrf();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        manager.post('/api/patient/addNewPatientForTherapists', {
          firstName: `Twin${i}`,
          lastName: 'Parallel',
          therapistIds: [therapistId],
        }),
      ),
    );
    const numbers = responses.map((r) => r.json().accountNumber);
    expect(new Set(numbers).size).toBe(8);
    const stored = await t.database.db.execute(
      sql`select count(distinct account_number) as n from clients where last_name = 'Parallel'`,
    );
    expect(Number((stored as { rows: { n: string }[] }).rows[0]!.n)).toBe(8);
  });
});

describe('GET /api/patient/findPatientAccess', () => {
  it('answers the caller flags: full for the treating therapist, 403 for another therapist', async () => {
    const [margaret] = await t.database.db
      .select()
      .from(clients)
      .where(eq(clients.lastName, 'Hamilton'));
    const therapist1 = await signedIn(t.app, 'therapist1');
    expect(
      (await therapist1.get(`/api/patient/findPatientAccess?patientId=${margaret!.id}`)).json()
        .patientAccess,
    ).toMatchObject({
      canView: true,
      hasDemographicAccess: true,
      hasMessagingAccess: true,
    });
    const therapist2 = await signedIn(t.app, 'therapist2');
    expect(
      (await therapist2.get(`/api/patient/findPatientAccess?patientId=${margaret!.id}`)).statusCode,
    ).toBe(403);
  });
});

describe('fields beyond a role (issue 13 finding 10): search and export show what the profile shows', () => {
  const INSURANCE_KEYS = [
    'practice_insurance_id',
    'practice_insurance_name',
    'user_insurance_insurancenumber',
    'secondary_practice_insurance_id',
    'secondary_practice_insurance_name',
    'payment_type',
  ];
  const REACH_KEYS = ['phone', 'email', 'dateOfBirth'];
  const margaretId = async () =>
    (await t.database.db.select().from(clients).where(eq(clients.lastName, 'Hamilton')))[0]!.id;

  it('the profile refuses the staff administrator phone, email, date of birth and insurance, and the front desk insurance', async () => {
    const id = await margaretId();
    const staff = await signedIn(t.app, 'staffadmin');
    const staffProfile = (
      await staff.get(`/api/patient/getProfile?patientId=${id}&include=phones,emails`)
    ).json();
    expect(staffProfile).not.toHaveProperty('phones');
    expect(staffProfile).not.toHaveProperty('emails');
    expect(staffProfile.basicDetails).toMatchObject({ lastName: 'Hamilton', dob: null });
    expect((await staff.get(`/api/patient/getSummary?patientId=${id}`)).json()).toMatchObject({
      dob: null,
      age: null,
      defaultPhone: null,
      defaultEmail: null,
    });
    expect((await staff.post('/api/patientInsurance/list', { patientId: id })).statusCode).toBe(
      403,
    );

    const front = await signedIn(t.app, 'frontoffice');
    const frontProfile = (
      await front.get(`/api/patient/getProfile?patientId=${id}&include=phones,emails`)
    ).json();
    expect(frontProfile.phones).not.toEqual([]);
    expect(frontProfile.basicDetails.dob).toBe('1985-06-15');
    expect((await front.post('/api/patientInsurance/list', { patientId: id })).statusCode).toBe(
      403,
    );
  });

  it.each([
    ['staffadmin', [...REACH_KEYS, ...INSURANCE_KEYS], []],
    ['frontoffice', INSURANCE_KEYS, REACH_KEYS],
  ])('%s gets search rows without %j', async (username, absent, present) => {
    const [row] = (await find(username, 'context=all&search=hamilton')).json().data;
    expect(row).toMatchObject({
      patient_last_name: 'Hamilton',
      therapist_names: ['Theresa Quinn'],
    });
    for (const key of [...absent, 'responsible_party_first_name', 'responsible_party_last_name'])
      expect(row).not.toHaveProperty(key);
    for (const key of present) expect(row).toHaveProperty(key);
  });

  it.each([
    [
      'staffadmin',
      'Account number,Last name,First name,Nickname,Therapists,Group,Status,Added',
      ['1985-06-15', '2075550102', 'margaret.hamilton@example.com', 'Aetna', 'W000000002'],
    ],
    [
      'frontoffice',
      'Account number,Last name,First name,Nickname,Date of birth,Therapists,Group,Email,Phone,Status,Added',
      ['Aetna', 'W000000002', 'Insurance'],
    ],
  ])('%s exports only the columns the profile would show', async (username, header, hidden) => {
    const browser = await signedIn(t.app, username);
    const response = await browser.get('/api/patient/exportPatients?context=all&search=hamilton');
    expect(response.statusCode).toBe(200);
    const [first, ...lines] = response.body.trim().split('\r\n');
    expect(first).toBe(header);
    expect(lines).toHaveLength(1);
    for (const text of hidden) expect(lines[0]).not.toContain(text);
  });

  it('refuses to filter by insurance for whom the rows leave it out, and does not sort by a hidden date of birth', async () => {
    const privatePay = await find('frontoffice', 'context=all&privatePay=true');
    expect(privatePay.statusCode).toBe(403);
    expect(privatePay.json().message).toBe("You cannot search by clients' insurance.");
    expect((await find('manager', 'context=all&privatePay=true')).statusCode).toBe(200);
    const byDob = (await find('staffadmin', 'context=all&sortBy=dateOfBirth&limit=10')).json();
    const byName = (await find('staffadmin', 'context=all&sortBy=name&limit=10')).json();
    expect(names(byDob)).toEqual(names(byName));
  });

  it("names another therapist's client in the duplicate check without their date of birth", async () => {
    const therapist2 = await signedIn(t.app, 'therapist2');
    const check = (query: string) =>
      therapist2.get(`/api/patient/listDuplicateClients?${query}`).then((r) => r.json().data);
    const [named, ...rest] = await check('firstName=Margaret&lastName=Hamilton&dob=1985-06-15');
    expect(rest).toEqual([]);
    expect(named).toEqual({
      user_id: await margaretId(),
      firstName: 'Margaret',
      lastName: 'Hamilton',
      accountNumber: expect.stringMatching(/^C\d{9}$/),
      canOpen: false,
      reasons: ['Same name'],
    });
    // A match on what therapist2 may not see would tell it: no answer.
    expect(await check('firstName=Peggy&lastName=Hamilton&dob=1985-06-15')).toEqual([]);
    expect(await check('firstName=X&lastName=Y&email=margaret.hamilton%40example.com')).toEqual([]);
    expect(await check('firstName=X&lastName=Y&phone=2075550102')).toEqual([]);

    const therapist1 = await signedIn(t.app, 'therapist1');
    const [own] = (
      await therapist1.get(
        '/api/patient/listDuplicateClients?firstName=Margaret&lastName=Hamilton&dob=1985-06-15',
      )
    ).json().data;
    expect(own).toMatchObject({
      dateOfBirth: '1985-06-15',
      canOpen: true,
      reasons: ['Same name', 'Same last name and date of birth'],
    });
  });
});
