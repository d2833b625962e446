import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { signedIn, testApp, type Browser, type TestApp } from './harness.ts';

/**
 * PDF forms (issue 18 item 3): a manager uploads a fillable PDF (checked by content, kept
 * inert), it becomes a published form whose items are its fields; client1 fills and signs it in
 * the portal; the kept copy has the answers written in, flattened, with the signature
 * (read back with pdftotext); bad files are refused naming the field and store nothing.
 */

let t: TestApp;
let manager: Browser;
let therapist1: Browser;
let staff: Browser;
let client1: Browser;
let owner2: Browser;
let chris: number;
const tmp = mkdtempSync(join(tmpdir(), 'pdf-forms-'));

const text = (bytes: Buffer) => {
  const path = join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' });
};

async function fillablePdf(withScript = false): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText('Release of information', { x: 50, y: 740, size: 16 });
  const form = doc.getForm();
  form.createTextField('Full name').addToPage(page, { x: 50, y: 680, width: 300, height: 20 });
  form.createCheckBox('I agree').addToPage(page, { x: 50, y: 640, width: 15, height: 15 });
  const contact = form.createDropdown('Contact by');
  contact.addOptions(['Phone', 'Email']);
  contact.addToPage(page, { x: 50, y: 600, width: 150, height: 20 });
  form.createButton('Print').addToPage('Print', page, { x: 50, y: 560, width: 60, height: 20 });
  if (withScript)
    doc.catalog.set(
      PDFName.of('OpenAction'),
      doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }),
    );
  return Buffer.from(await doc.save());
}

const upload = (
  browser: Browser,
  body: Buffer,
  query = 'name=Release%20of%20information&signatureRequired=true',
) =>
  browser.request('PUT', `/api/form/definition/pdf?${query}`, body, {
    headers: { 'content-type': 'application/pdf' },
  });

const formCount = async () =>
  (
    await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int as n from form_definitions`)
  )[0]!.n;

beforeAll(async () => {
  t = await testApp();
  [manager, therapist1, staff, client1, owner2] = await Promise.all([
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'therapist1'),
    signedIn(t.app, 'manager'),
    signedIn(t.app, 'client1'),
    signedIn(t.app, 'owner2'),
  ]);
  chris = (
    await rowsOf<{ id: number }>(
      t.database.db,
      sql`select c.id from clients c join users u on u.id = c.portal_user_id where u.username = 'client1'`,
    )
  )[0]!.id;
});
afterAll(() => t.close());

describe('PDF forms', () => {
  let definitionId = 0;
  let assignmentId = 0;

  it('refuses what is not a fillable PDF, naming the file, storing nothing', async () => {
    const before = await formCount();
    const blank = Buffer.from(await (await PDFDocument.create()).save());
    for (const [body, message] of [
      [Buffer.from('GIF89a not a pdf'), 'This file is not a PDF. Choose a fillable PDF form.'],
      [
        Buffer.from('%PDF-1.7 broken'),
        'This PDF could not be read. Save it again from your PDF editor and try again.',
      ],
      [blank, 'This PDF has no fields to fill in. Upload a fillable PDF form.'],
    ] as const) {
      const response = await upload(manager, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message, field: 'file' });
    }
    expect((await upload(therapist1, await fillablePdf())).statusCode).toBe(403);
    expect(await formCount()).toBe(before);
  });

  it('makes a published form of the fields, with the file kept inert', async () => {
    const response = await upload(manager, await fillablePdf(true));
    expect(response.statusCode, response.body).toBe(201);
    const detail = response.json().data;
    definitionId = detail.id;
    expect(detail).toMatchObject({
      name: 'Release of information',
      currentVersion: 1,
      signatureRequired: true,
    });
    expect(
      detail.published.item.map((i: { text: string; type: string }) => [i.text, i.type]),
    ).toEqual([
      ['Full name', 'string'],
      ['I agree', 'boolean'],
      ['Contact by', 'choice'],
    ]);
    const file = await therapist1.get(`/api/form/definition/${definitionId}/pdf`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    const stored = await PDFDocument.load(file.rawPayload);
    expect(stored.catalog.get(PDFName.of('OpenAction'))).toBeUndefined();
    expect((await owner2.get(`/api/form/definition/${definitionId}/pdf`)).statusCode).toBe(404);
    const edit = await manager.request('PUT', `/api/form/definition/${definitionId}/draft`, {
      questionnaire: detail.published,
    });
    expect(edit.statusCode).toBe(409);
  });

  it('client1 fills and signs it; the kept copy holds the answers and the signature', async () => {
    const given = await staff.post('/api/form/assignment', {
      patientId: chris,
      formDefinitionIds: [definitionId],
    });
    expect(given.statusCode, given.body).toBe(201);
    assignmentId = given.json().data[0].id;
    const blank = await client1.get(`/api/form/patient/${assignmentId}/pdf`);
    expect(blank.statusCode).toBe(200);
    expect((await client1.get(`/api/form/patient/${assignmentId}`)).json().data.pdf).toEqual({
      filled: false,
    });

    const submitted = await client1.post(`/api/form/patient/${assignmentId}/submit`, {
      answers: { p1: 'Chris Client', p2: true, p3: 'o2' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.pdf).toEqual({ filled: false });
    const signed = await client1.post(`/api/form/patient/${assignmentId}/sign`, {
      typedName: 'Chris Client',
      signedOn: '2026-11-27',
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().data.pdf).toEqual({ filled: true });

    const copy = await staff.get(`/api/form/response/${assignmentId}/pdf`);
    expect(copy.statusCode).toBe(200);
    const words = text(copy.rawPayload);
    expect(words).toContain('Chris Client');
    expect(words).toContain('Email');
    expect(words).toContain('Signed electronically by "Chris Client" on 2026-11-27');
    // Flattened: no fields left to change in a viewer.
    expect((await PDFDocument.load(copy.rawPayload)).getForm().getFields()).toHaveLength(0);
    expect(
      (await client1.get(`/api/form/patient/${assignmentId}/pdf`)).rawPayload.equals(
        copy.rawPayload,
      ),
    ).toBe(true);
    expect((await owner2.get(`/api/form/response/${assignmentId}/pdf`)).statusCode).toBe(404);
  });

  it('a form that is not a PDF form has no PDF', async () => {
    const [other] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from client_form_assignments where client_id = ${chris} and id <> ${assignmentId} order by id limit 1`,
    );
    const response = await staff.get(`/api/form/response/${other!.id}/pdf`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This form is not a PDF form.');
  });
});
