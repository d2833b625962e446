import { expect, test, type Browser, type Page } from './support/test';

import {
  bookPastSession,
  confirmStep,
  noteStatus,
  noteUrl,
  startNoteFromPicker,
  writeSoap,
} from './support/charting';
import { signInAs } from './support/sign-in';

/**
 * A supervisee's note (issue 17): Priya Raman (therapist3) is supervised by Theresa Quinn
 * (therapist1) in the demo. Her signature sends the note for review; Theresa returns it
 * with feedback; Priya changes it and sends it again; Theresa co-signs, and it locks.
 */

test.describe.configure({ timeout: 120_000 });

const SUPERVISEE = 'Priya Raman';
const SUPERVISOR = 'Theresa Quinn';
const FEEDBACK = 'Name the homework you agreed on in the plan.';

async function signedInPage(browser: Browser, baseURL: string, user: 'therapist1'): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

test('a supervisee sends a note, is returned with feedback, resubmits, and the supervisor co-signs', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'therapist3');
  const session = await bookPastSession(page, SUPERVISEE, { daysBack: 2, lastNamePrefix: 'Sup' });

  // The opener starts the note with the template chosen and replaces its own address with the note's.
  await page.goto(`/n/client/${session.clientId}/records/attendee/${session.attendeeId}`);
  await startNoteFromPicker(page, 'SOAP progress note');
  await expect(page).toHaveURL(new RegExp(`/n/client/${session.clientId}/records/notes/\\d+$`));
  const noteId = Number(new URL(page.url()).pathname.split('/').pop());
  await writeSoap(page, 'First visit');
  await page.getByRole('button', { name: 'Send for review' }).click();
  await confirmStep(page, 'Send this note for review?', 'Send for review', { password: true });
  await expect(noteStatus(page)).toHaveText('Awaiting review');
  await expect(page.getByText(new RegExp(`Awaiting review by ${SUPERVISOR}`))).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Plan/ })).toHaveCount(0);

  const supervisor = await signedInPage(browser, baseURL ?? '', 'therapist1');
  try {
    await supervisor.goto(noteUrl(session.clientId, noteId));
    await expect(noteStatus(supervisor)).toHaveText('Awaiting review');
    await supervisor.getByRole('button', { name: 'Return with feedback' }).click();
    const returning = supervisor.getByRole('dialog', { name: 'Return the note with feedback' });
    await returning.getByRole('button', { name: 'Return with feedback' }).click();
    await expect(
      returning.getByText('Say what should change before returning the note.'),
    ).toBeVisible();
    await returning.getByRole('textbox', { name: /Feedback/ }).fill(FEEDBACK);
    await returning.getByRole('button', { name: 'Return with feedback' }).click();
    await expect(noteStatus(supervisor)).toHaveText('Returned with feedback');
    await expect(supervisor.getByRole('button', { name: 'Co-sign' })).toHaveCount(0);

    await page.reload();
    await expect(noteStatus(page)).toHaveText('Returned with feedback');
    await expect(page.getByRole('alert').filter({ hasText: FEEDBACK })).toBeVisible();
    await page
      .getByRole('textbox', { name: /^Plan/ })
      .fill('Weekly sessions; homework: a sleep diary.');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible({
      timeout: 15_000,
    });
    await page.getByRole('button', { name: 'Send for review' }).click();
    // Verified minutes ago: not asked again.
    await confirmStep(page, 'Send this note for review?', 'Send for review', { password: false });
    await expect(noteStatus(page)).toHaveText('Awaiting review');

    await supervisor.reload();
    await expect(supervisor.getByText('Weekly sessions; homework: a sleep diary.')).toBeVisible();
    await supervisor.getByRole('button', { name: 'Co-sign' }).click();
    await confirmStep(supervisor, 'Co-sign and lock this note?', 'Co-sign', { password: true });
    await expect(noteStatus(supervisor)).toHaveText('Signed and locked');
    const signatures = supervisor.getByRole('region', { name: 'Signatures' });
    // Her signature is recorded each time she sends it; his locks it.
    await expect(signatures.getByText(new RegExp(`^${SUPERVISEE}.* · Author$`))).toHaveCount(2);
    await expect(signatures.getByText(new RegExp(`^${SUPERVISOR}.* · Co-signer$`))).toBeVisible();
    const history = supervisor.getByRole('region', { name: 'History' });
    await expect(history.getByText(FEEDBACK)).toBeVisible();
    await expect(history.getByText(new RegExp(`^Co-signed by ${SUPERVISOR}`))).toBeVisible();

    await page.reload();
    await expect(noteStatus(page)).toHaveText('Signed and locked');
    await expect(page.getByRole('button', { name: 'Add addendum' })).toBeVisible();
  } finally {
    await supervisor.context().close();
  }
});
