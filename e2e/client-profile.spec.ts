import { expect, test, type Page } from './support/test';

import {
  clientIdByName,
  MARGARET,
  openTab,
  profileUrl,
  TINY_PNG,
  toast,
} from './support/client-profile';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * The client profile as a manager sees it, on Margaret Hamilton (therapist1's
 * client). Every test leaves her record as the other specs expect it: the
 * same name, date of birth, default phone and email, active, in her group.
 */

let margaretId = 0;

async function openMargaret(page: Page, tab?: string): Promise<void> {
  await signInAs(page, 'manager');
  if (margaretId === 0) margaretId = await clientIdByName(page.request, 'hamilton', MARGARET);
  await page.goto(profileUrl(margaretId, tab));
  await expect(page.getByRole('heading', { level: 1, name: 'Margaret Hamilton' })).toBeVisible();
}

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function confirmIn(page: Page, title: string, button: string): Promise<void> {
  const confirm = dialog(page, title);
  await confirm.getByRole('button', { name: button }).click();
  await expect(confirm).toBeHidden();
}

test.describe('the client profile', () => {
  test('shows the header and opens the tab named in the address', async ({ page }) => {
    const errors = collectPageErrors(page);
    await openMargaret(page);
    await expect(page.getByText(/Account C000001002/)).toBeVisible();
    await expect(page.getByText(/Age \d+ \(born 06\/15\/1985\)/)).toBeVisible();
    await expect(page.getByText('Status: Active')).toBeVisible();
    await expect(page.getByText(/Therapist: Theresa Quinn/)).toBeVisible();

    const tabs = page.getByRole('tablist', { name: 'Client record' });
    await expect(tabs.getByRole('tab', { name: 'Basic details' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // Arrow keys move along the tabs, and the address follows the choice.
    await tabs.getByRole('tab', { name: 'Basic details' }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\?tab=demographics$/);
    await page.reload();
    await expect(tabs.getByRole('tab', { name: 'Demographics' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(errors).toEqual([]);
  });

  test('edits basic details: Save waits for a change, and the change is kept', async ({ page }) => {
    await openMargaret(page, 'basic');
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();

    const employer = `Riverbend Tests ${Date.now()}`;
    await page.getByLabel('Employer').fill(employer);
    await page.getByRole('combobox', { name: 'Marital status' }).click();
    await page.getByRole('option', { name: 'Married' }).click();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page, 'Profile updated.')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Employer')).toHaveValue(employer);
    await expect(page.getByRole('combobox', { name: 'Marital status' })).toHaveText('Married');
    await expect(save).toBeDisabled();

    // A refused value shows the domain's message and saves nothing.
    await page.getByLabel('Date of birth').fill('1985-06-15');
    await page.getByLabel('Date of birth').blur();
    await expect(page.getByText('Please enter a valid date, e.g. 01/05/1995.')).toBeVisible();
    await page.getByLabel('Date of birth').fill('06/15/1985');
    await expect(save).toBeDisabled();
  });

  test('edits the demographics the practice collects', async ({ page }) => {
    await openMargaret(page, 'demographics');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByLabel('Preferred language')).toBeVisible();
    // Religion and education are turned off in the demo practice.
    await expect(panel.getByLabel('Religion')).toHaveCount(0);

    const language = `Portuguese ${Date.now()}`;
    await panel.getByLabel('Preferred language').fill(language);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tabpanel').getByLabel('Preferred language')).toHaveValue(language);
  });

  test('adds a diagnosis found by its words, saves, and removes it again', async ({ page }) => {
    await openMargaret(page, 'clinical');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: 'Diagnoses' })).toBeVisible();
    // The demo may give her a diagnosis for its claims (seed/demo-claims.ts): start from none.
    const list = panel.getByRole('list', { name: 'Diagnoses' });
    await expect(panel.getByText('No diagnoses.').or(list)).toBeVisible();
    const seeded = panel.getByRole('button', { name: /^Remove [A-Z]\d/ });
    if ((await seeded.count()) > 0) {
      while ((await seeded.count()) > 0) await seeded.first().click();
      await panel.getByRole('button', { name: 'Save' }).click();
      await expect(panel.getByText('No diagnoses.')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('tabpanel').getByText('No diagnoses.')).toBeVisible();
    }

    await panel
      .getByRole('combobox', { name: 'Add a diagnosis (ICD-10)' })
      .fill('generalized anxiety');
    await page.getByRole('option', { name: /F41\.1 Generalized anxiety disorder/ }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('1. F41.1');

    await panel.getByRole('checkbox', { name: 'Auto accident' }).check();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText('Name the state where the auto accident happened.')).toBeVisible();
    await panel.getByRole('checkbox', { name: 'Auto accident' }).uncheck();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('list', { name: 'Diagnoses' })).toContainText('F41.1');
    await page.getByRole('button', { name: 'Remove F41.1' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated.')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('No diagnoses.')).toBeVisible();
  });

  test('archives the client after a confirmation, then unarchives', async ({ page }) => {
    await openMargaret(page, 'statuses');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('combobox', { name: /^Status with Theresa Quinn/ })).toHaveText(
      'Active',
    );

    await panel.getByRole('button', { name: 'Archive', exact: true }).click();
    await confirmIn(page, 'Archive this client?', 'Archive');
    await expect(toast(page, 'Profile updated.')).toBeVisible();
    await expect(page.getByText('Status: Archived')).toBeVisible();
    await expect(panel.getByRole('combobox', { name: /^Status with Theresa Quinn/ })).toHaveText(
      'Inactive',
    );

    await panel.getByRole('button', { name: 'Unarchive' }).click();
    await expect(page.getByText('Status: Active')).toBeVisible();
    await expect(panel.getByRole('combobox', { name: /^Status with Theresa Quinn/ })).toHaveText(
      'Active',
    );
  });

  test('removes the client from her group and adds her back', async ({ page }) => {
    await openMargaret(page, 'groups');
    const panel = page.getByRole('tabpanel');
    const table = panel.getByRole('table', { name: 'Group memberships' });
    const row = table.getByRole('row').filter({ hasText: 'Tuesday Anxiety Group' });
    await expect(row).toContainText('Current member');

    await row.getByRole('button', { name: 'Remove from Tuesday Anxiety Group' }).click();
    const remove = dialog(page, 'Remove from Tuesday Anxiety Group?');
    await expect(remove.getByLabel('Left on')).not.toHaveValue('');
    await remove.getByRole('button', { name: 'Remove' }).click();
    await expect(remove).toBeHidden();
    await expect(toast(page, 'Profile updated.')).toBeVisible();
    await expect(row).not.toContainText('Current member');

    await panel.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: 'Tuesday Anxiety Group' }).click();
    await panel.getByRole('button', { name: 'Add to group' }).click();
    await expect(row).toContainText('Current member');
  });

  test('saves the memo and the alert; the alert shows in the header; blank is none', async ({
    page,
  }) => {
    await openMargaret(page, 'memo');
    let panel = page.getByRole('tabpanel');
    const memo = `Prefers morning sessions (${Date.now()}).`;
    await panel.getByRole('button', { name: 'Edit memo' }).click();
    await panel.getByLabel('Memo').fill(memo);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated.')).toBeVisible();
    await expect(panel.getByText(memo)).toBeVisible();

    panel = await openTab(page, 'Alert');
    const header = page.getByRole('note', { name: 'Client alert' });
    await panel.getByRole('button', { name: 'Edit alert' }).click();
    await panel.getByLabel('Alert').fill('Uses a wheelchair: book the ground-floor room.');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(header).toContainText('Uses a wheelchair: book the ground-floor room.');

    await panel.getByRole('button', { name: 'Edit alert' }).click();
    await panel.getByLabel('Alert').fill('   ');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText('None', { exact: true })).toBeVisible();
    await expect(header).toHaveCount(0);
  });

  test('adds, edits, makes default and deletes a phone', async ({ page }) => {
    await openMargaret(page, 'phones');
    const panel = page.getByRole('tabpanel');
    const list = panel.getByRole('list', { name: 'Phone numbers' });
    await expect(list.getByRole('listitem').first()).toContainText('(207) 555-0102');

    await panel.getByRole('button', { name: 'Add phone' }).click();
    const add = dialog(page, 'Add phone');
    await add.getByLabel('Phone number').fill('555');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(
      add.getByText('Please enter phone number in valid format, e.g. (888) 555-1212'),
    ).toBeVisible();
    await add.getByLabel('Phone number').fill('207-555-0199');
    await add.getByLabel('Label').fill('Work');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    await expect(toast(page, 'Profile updated.')).toBeVisible();
    const added = list.getByRole('listitem').filter({ hasText: '(207) 555-0199' });
    await expect(added).toContainText('Work');

    await added.getByRole('button', { name: 'Edit (207) 555-0199' }).click();
    const edit = dialog(page, 'Edit phone');
    await edit.getByLabel('Label').fill('Office');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(added).toContainText('Office');

    await added.getByRole('button', { name: 'Make default (207) 555-0199' }).click();
    await expect(list.getByRole('listitem').first()).toContainText('(207) 555-0199');
    await expect(list.getByRole('listitem').first()).toContainText('Default');

    await added.getByRole('button', { name: 'Delete (207) 555-0199' }).click();
    await confirmIn(page, 'Delete this phone number?', 'Delete');
    await expect(added).toHaveCount(0);
    // The default passes back to the remaining number.
    await expect(list.getByRole('listitem').first()).toContainText('(207) 555-0102');
    await expect(list.getByRole('listitem').first()).toContainText('Default');
  });

  test('adds, edits, makes default and deletes an email address', async ({ page }) => {
    await openMargaret(page, 'emails');
    const panel = page.getByRole('tabpanel');
    const list = panel.getByRole('list', { name: 'Email addresses' });

    await panel.getByRole('button', { name: 'Add email' }).click();
    const add = dialog(page, 'Add email');
    await add.getByLabel('Email address').fill('margaret@');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(
      add.getByText('Please enter a valid e-mail address, e.g. name@example.com'),
    ).toBeVisible();
    await add.getByLabel('Email address').fill('margaret.work@example.com');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    const added = list.getByRole('listitem').filter({ hasText: 'margaret.work@example.com' });
    await expect(added).toBeVisible();

    await added.getByRole('button', { name: 'Edit margaret.work@example.com' }).click();
    const edit = dialog(page, 'Edit email');
    await edit.getByLabel('Email address').fill('m.hamilton.work@example.com');
    await edit.getByRole('button', { name: 'Save' }).click();
    const edited = list.getByRole('listitem').filter({ hasText: 'm.hamilton.work@example.com' });
    await expect(edited).toBeVisible();

    await edited.getByRole('button', { name: 'Make default m.hamilton.work@example.com' }).click();
    await expect(list.getByRole('listitem').first()).toContainText('m.hamilton.work@example.com');

    await edited.getByRole('button', { name: 'Delete m.hamilton.work@example.com' }).click();
    await confirmIn(page, 'Delete this email address?', 'Delete');
    await expect(edited).toHaveCount(0);
    await expect(list.getByRole('listitem').first()).toContainText('margaret.hamilton@example.com');
    await expect(list.getByRole('listitem').first()).toContainText('Default');
  });

  test('adds, edits, makes default and deletes an address; ZIP shown 5-4', async ({ page }) => {
    await openMargaret(page, 'addresses');
    const panel = page.getByRole('tabpanel');
    const list = panel.getByRole('list', { name: 'Addresses' });
    await expect(list.getByRole('listitem').first()).toContainText('Portland, ME 04101-2345');

    await panel.getByRole('button', { name: 'Add address' }).click();
    const add = dialog(page, 'Add address');
    await add.getByLabel('Address line 1').fill('10 Test Street');
    await add.getByLabel('City').fill('Bangor');
    await add.getByLabel('State').fill('me');
    await add.getByLabel('ZIP code').fill('0440');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add.getByText('Please enter a five-digit ZIP code.')).toBeVisible();
    await add.getByLabel('ZIP code').fill('044011234');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    const added = list.getByRole('listitem').filter({ hasText: '10 Test Street' });
    await expect(added).toContainText('Bangor, ME 04401-1234');

    await added.getByRole('button', { name: 'Edit 10 Test Street' }).click();
    const edit = dialog(page, 'Edit address');
    await expect(edit.getByLabel('ZIP code')).toHaveValue('04401-1234');
    await edit.getByLabel('Address line 2').fill('Suite 5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(added).toContainText('Suite 5');

    await added.getByRole('button', { name: 'Make default 10 Test Street' }).click();
    await expect(list.getByRole('listitem').first()).toContainText('10 Test Street');
    await expect(list.getByRole('listitem').first()).toContainText('Default');

    await added.getByRole('button', { name: 'Delete 10 Test Street' }).click();
    await confirmIn(page, 'Delete this address?', 'Delete');
    await expect(added).toHaveCount(0);
    await expect(list.getByRole('listitem').first()).toContainText('Default');
    await expect(list.getByRole('listitem').first()).toContainText('Portland, ME 04101-2345');
  });

  test('adds, edits, marks as emergency contact and deletes a contact', async ({ page }) => {
    await openMargaret(page, 'contacts');
    const panel = page.getByRole('tabpanel');

    await panel.getByRole('button', { name: 'Add contact' }).click();
    const add = dialog(page, 'Add contact');
    await add.getByLabel('First name').fill('Alex');
    await add.getByLabel('Last name').fill('Hamilton');
    await add.getByLabel('Relationship').fill('Spouse');
    await add.getByLabel('Phone').fill('2075550177');
    await add.getByRole('button', { name: 'Save' }).click();
    await expect(add).toBeHidden();
    const list = panel.getByRole('list', { name: 'Contacts' });
    const alex = list.getByRole('listitem').filter({ hasText: 'Alex Hamilton' });
    await expect(alex).toContainText('(207) 555-0177');

    await alex.getByRole('button', { name: 'Edit Alex Hamilton' }).click();
    const edit = dialog(page, 'Edit contact');
    await edit.getByLabel('Relationship').fill('Partner');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(alex).toContainText('Partner');

    await alex.getByRole('button', { name: 'Make emergency contact Alex Hamilton' }).click();
    await expect(alex).toContainText('Emergency contact');

    await alex.getByRole('button', { name: 'Delete Alex Hamilton' }).click();
    await confirmIn(page, 'Delete this contact?', 'Delete');
    await expect(alex).toHaveCount(0);
  });

  test('sends a portal invitation, which the email log shows as not sent', async ({ page }) => {
    await openMargaret(page, 'portal');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('table', { name: 'Portal account' })).toContainText('Not invited');

    await panel.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, 'Portal invitation sent.')).toBeVisible();
    const account = panel.getByRole('table', { name: 'Portal account' });
    await expect(account).toContainText('Invitation sent');
    await expect(account).toContainText('margaret.hamilton@example.com');

    const emails = panel.getByRole('table', { name: 'Emails to the client' });
    const invitation = emails.getByRole('row').filter({ hasText: 'margaret.hamilton@example.com' });
    await expect(invitation.first()).toContainText('Not sent (no mail server configured)');

    await panel.getByRole('link', { name: 'Portal login history' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Portal login history' }),
    ).toBeVisible();
    await expect(page.getByText('The client has not signed in to the portal.')).toBeVisible();
  });

  test('uploads a PNG photo ID and deletes it', async ({ page }) => {
    await openMargaret(page, 'photo-id');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('No photo ID.')).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await panel.getByRole('button', { name: 'Upload photo ID' }).click();
    await (await chooser).setFiles({ name: 'id.png', mimeType: 'image/png', buffer: TINY_PNG });
    await expect(toast(page, 'Profile updated.')).toBeVisible();
    const image = panel.getByRole('img', { name: 'Photo ID of Margaret Hamilton' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    await panel.getByRole('button', { name: 'Delete photo ID' }).click();
    await confirmIn(page, 'Delete the photo ID?', 'Delete');
    await expect(panel.getByText('No photo ID.')).toBeVisible();
  });

  test('chooses a referral source and removes it', async ({ page }) => {
    await openMargaret(page, 'referral');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('No referral source.')).toBeVisible();

    await panel.getByRole('combobox', { name: 'Referral source' }).click();
    await page.getByRole('option', { name: 'Dr. Alan Grant (Maine Medical Partners)' }).click();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated.')).toBeVisible();
    await expect(panel.getByText(/^Referred by Dr\. Alan Grant/)).toBeVisible();

    await panel.getByRole('button', { name: 'Remove' }).click();
    await confirmIn(page, 'Remove the referral source?', 'Remove');
    await expect(panel.getByText('No referral source.')).toBeVisible();
  });

  test('sets the client time zone and clears it', async ({ page }) => {
    await openMargaret(page, 'timezone');
    const zone = page.getByRole('combobox', { name: 'Client time zone' });
    await zone.click();
    await page.getByRole('option', { name: 'Pacific (America/Los_Angeles)' }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated.')).toBeVisible();
    await page.reload();
    await expect(zone).toHaveText('Pacific (America/Los_Angeles)');

    await zone.click();
    await page.getByRole('option', { name: /^Not set/ }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated.')).toBeVisible();
  });

  test('opens the face sheet PDF in a new tab', async ({ page, context }) => {
    await openMargaret(page, 'face-sheet');
    const pdf = context.waitForEvent('response', (response) =>
      response.url().includes('/api/patient/getFaceSheetPdf'),
    );
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Download face sheet' }).click();
    await popup;
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
  });

  test('says which part failed to load, with Try Again for the record itself', async ({ page }) => {
    await signInAs(page, 'manager');
    if (margaretId === 0) margaretId = await clientIdByName(page.request, 'hamilton', MARGARET);
    let failProfile = true;
    await page.route('**/api/patient/getProfile?**', (route) =>
      failProfile
        ? route.fulfill({ status: 503, json: { status: 'error', message: 'Down for a moment.' } })
        : route.fallback(),
    );
    await page.route('**/api/patient/getMemo?**', (route) =>
      route.fulfill({ status: 503, json: { status: 'error', message: 'Down for a moment.' } }),
    );
    await page.goto(profileUrl(margaretId, 'memo'));
    const failed = toast(page, 'Unable to load client personal and contact information.');
    await expect(failed).toBeVisible();

    failProfile = false;
    await failed.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Margaret Hamilton' })).toBeVisible();
    await expect(toast(page, 'Unable to load client memo.')).toBeVisible();
  });
});
