import { expect, test, type Locator } from './support/test';

import { expectNoSeriousA11yViolations } from './support/axe';
import { addAddressByApi, createClientByApi } from './support/client-api';
import { openTab, profileUrl, TINY_PNG, toast } from './support/client-profile';
import { demoTherapists, uniqueSuffix } from './support/clients';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';

/**
 * Reading a client's photo ID end to end: the browser uploads a PNG, the
 * server sends it to the photo ID analysis service (a real HTTP server the
 * Playwright config starts, support/id-analysis-stub.ts, which reads every
 * photo as Rosalind Elsie Franklin, born 07/25/1980, of 5 Lighthouse Lane,
 * Cape Elizabeth, ME 04107), and the chosen changes are written to the
 * record. Runs on a client of its own. What the page says when no service is
 * set up is covered by the web unit tests and the API tests (503).
 */

const rowTexts = async (table: Locator) =>
  (await table.getByRole('row').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

test('a manager reads a photo ID and updates the record with the chosen details', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await signInAs(page, 'manager');
  const lastName = `Reader${uniqueSuffix()}`;
  const clientId = await createClientByApi(page, {
    firstName: 'Rosie',
    lastName,
    therapist: demoTherapists.therapist1,
  });
  await addAddressByApi(page, clientId, {
    addressLine1: '1 Old Road',
    addressLine2: 'Unit 2',
    city: 'Portland',
    state: 'ME',
    zipcode: '04101',
  });

  await page.goto(profileUrl(clientId, 'photo-id'));
  await expect(page.getByRole('heading', { level: 1, name: `Rosie ${lastName}` })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByText('No photo ID.')).toBeVisible();
  // Nothing to read before there is a photo.
  await expect(panel.getByRole('button', { name: 'Read details from photo ID' })).toHaveCount(0);

  const chooser = page.waitForEvent('filechooser');
  await panel.getByRole('button', { name: 'Upload photo ID' }).click();
  await (await chooser).setFiles({ name: 'id.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(toast(page, 'Profile updated.')).toBeVisible();

  const read = panel.getByRole('button', { name: 'Read details from photo ID' });
  await expect(read).toBeEnabled();
  await read.click();
  const dialog = page.getByRole('dialog', { name: 'Details read from the photo ID' });
  const table = dialog.getByRole('table', { name: 'Proposed changes' });
  await expect(table).toBeVisible();
  expect(await rowTexts(table)).toEqual([
    'Update Detail On the record now On the photo ID',
    `Name Rosie ${lastName} Rosalind Elsie Franklin`,
    'Date of birth None 07/25/1980',
    'Default address 1 Old Road, Unit 2, Portland, ME 04101 5 Lighthouse Lane, Cape Elizabeth, ME 04107',
  ]);
  await expectNoSeriousA11yViolations(page);

  // Keep the date of birth for later: unchosen with the keyboard.
  const dob = dialog.getByRole('checkbox', { name: 'Update date of birth' });
  await dob.focus();
  await page.keyboard.press('Space');
  await expect(dob).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Update name' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Update record' }).click();
  await expect(toast(page, 'Profile updated.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Rosalind Franklin' })).toBeVisible();

  const addresses = await openTab(page, 'Addresses');
  const list = addresses.getByRole('list', { name: 'Addresses' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('5 Lighthouse Lane');
  await expect(list.getByRole('listitem').first()).toContainText('Cape Elizabeth, ME 04107');
  // The address update cleared the second line.
  await expect(list).not.toContainText('Unit 2');

  // Read again: only the date of birth still differs.
  await openTab(page, 'Photo ID');
  await panel.getByRole('button', { name: 'Read details from photo ID' }).click();
  await expect(dialog).toBeVisible();
  expect(await rowTexts(table)).toEqual([
    'Update Detail On the record now On the photo ID',
    'Date of birth None 07/25/1980',
  ]);
  await dialog.getByRole('button', { name: 'Update record' }).click();
  await expect(toast(page, 'Profile updated.')).toBeVisible();
  await expect(page.getByText(/Age \d+ \(born 07\/25\/1980\)/)).toBeVisible();

  // Now the record matches the ID.
  await panel.getByRole('button', { name: 'Read details from photo ID' }).click();
  await expect(toast(page, 'The photo ID matches the profile: nothing to update.')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});
