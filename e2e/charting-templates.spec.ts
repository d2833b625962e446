import { expect, test, type Browser, type Page } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { bookPastSession, noteUrl, openNoteByApi, startNoteFromPicker } from './support/charting';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Templates and a session's notes (issue 17 item 1): a therapist chooses the template when
 * starting a note and adds a family note beside the billing note; a manager makes a new
 * version of a template, which a new note then uses while an older note keeps its version.
 * The DAP template is the one edited, so the specs that write SOAP notes are unaffected.
 */

test.describe.configure({ timeout: 90_000 });

const THERAPIST = 'Theresa Quinn';

const headerValue = (page: Page, term: string) =>
  page
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

async function managerPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, 'manager');
  return page;
}

test('a therapist picks the template of a new note, then adds a family note that is not billed', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'therapist1');
  const session = await bookPastSession(page, THERAPIST, { daysBack: 7, lastNamePrefix: 'Tpl' });
  const opener = `/n/client/${session.clientId}/records/attendee/${session.attendeeId}`;

  await page.goto(opener);
  await expect(page.getByRole('heading', { name: 'Start the progress note' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Template' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await startNoteFromPicker(page, 'BIRP progress note');
  await expect(page.getByRole('heading', { name: 'BIRP progress note', level: 1 })).toBeVisible();
  await expect(headerValue(page, 'Note')).toHaveText('Billing note');
  await expect(headerValue(page, 'Template')).toHaveText('BIRP progress note, version 1');
  const billingUrl = page.url();

  await page.getByRole('link', { name: 'Add a family or collateral note' }).click();
  await expect(
    page.getByRole('heading', { name: 'Add a family or collateral note', level: 1 }),
  ).toBeVisible();
  const existing = page.getByRole('region', { name: "This session's notes" });
  await expect(existing).toContainText('BIRP progress note — billing note, to be completed');
  // The picker starts at the therapist's last template.
  await expect(page.getByRole('combobox', { name: 'Template' })).toHaveValue('birp');
  await expectNoSeriousA11yViolations(page);
  await startNoteFromPicker(page, 'DAP progress note', 'Start family or collateral note');
  await expect(page.getByRole('heading', { name: /^DAP progress note/, level: 1 })).toBeVisible();
  await expect(headerValue(page, 'Note')).toHaveText('Family or collateral note (not billed)');
  expect(page.url()).not.toBe(billingUrl);

  // The session's note is still its billing note.
  await page.goto(opener);
  await expect(page).toHaveURL(billingUrl);
  await expect(headerValue(page, 'Note')).toHaveText('Billing note');
  expect(errors).toEqual([]);
});

test('a manager makes a new version of a template: new notes use it, older notes keep theirs', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'therapist1');
  const before = await bookPastSession(page, THERAPIST, { daysBack: 8, lastNamePrefix: 'Tpl' });
  const oldNoteId = await openNoteByApi(page, before.attendeeId, 'dap');

  const manager = await managerPage(browser, baseURL ?? '');
  try {
    await manager.goto('/n/charting/templates');
    await expect(manager.getByRole('heading', { name: 'Note templates', level: 1 })).toBeVisible();
    const dap = manager.getByRole('region', { name: 'DAP progress note' });
    await expect(dap).toContainText('Version 1, as shipped');
    await expectNoSeriousA11yViolations(manager);
    await dap.getByRole('button', { name: 'Make a new version of DAP progress note' }).click();

    const editor = manager.getByRole('region', { name: 'New version of DAP progress note' });
    const first = editor.getByRole('group', { name: /^Section 1(:|$)/ });
    await first.getByRole('textbox', { name: 'Section title' }).fill('');
    await editor.getByRole('button', { name: 'Save as version 2' }).click();
    await expect(first.getByText('Give it a title.')).toBeVisible();
    await first.getByRole('textbox', { name: 'Section title' }).fill('Session data');
    await editor.getByRole('button', { name: 'Add a field to section 3' }).click();
    await editor
      .getByRole('group', { name: 'Section 3, field 2' })
      .getByRole('textbox', { name: 'Field label' })
      .fill('Homework assigned');
    await expectNoSeriousA11yViolations(manager);
    await editor.getByRole('button', { name: 'Save as version 2' }).click();
    await expect(
      manager.getByText('DAP progress note: version 2 saved. New notes use it.'),
    ).toBeVisible();
    await expect(dap).toContainText("Version 2, the practice's own");
    await expect(dap).toContainText(/version 1: \d+ notes?/);
  } finally {
    await manager.context().close();
  }

  const after = await bookPastSession(page, THERAPIST, { daysBack: 9, lastNamePrefix: 'Tpl' });
  await page.goto(`/n/client/${after.clientId}/records/attendee/${after.attendeeId}`);
  await startNoteFromPicker(page, 'DAP progress note');
  await expect(headerValue(page, 'Template')).toHaveText('DAP progress note, version 2');
  await expect(page.getByRole('heading', { name: 'Session data' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Homework assigned/ })).toBeVisible();

  await page.goto(noteUrl(before.clientId, oldNoteId));
  await expect(headerValue(page, 'Template')).toHaveText('DAP progress note, version 1');
  await expect(page.getByRole('heading', { name: 'Data', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Homework assigned/ })).toHaveCount(0);
});
