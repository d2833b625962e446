import { expectNoSeriousA11yViolations } from './support/axe';
import { signInAs } from './support/sign-in';
import { expect, test } from './support/test';

/**
 * Measurement-based care (issue 18 item 6): Chris Client (client1) answers a PHQ-9 in the
 * portal with item 9 above zero; the therapist's Measures page for Chris shows the alert at
 * once, links to the response and can mark it seen.
 */

test.describe.configure({ timeout: 180_000 });

test('a PHQ-9 with item 9 above zero raises the therapist’s alert', async ({ page, browser }) => {
  await signInAs(page, 'therapist1');
  const search = await page.request.get('/api/patient/findPatients', {
    params: { search: 'Client' },
  });
  const chris = (
    (await search.json()) as {
      data: { user_id: number; patient_first_name: string; patient_last_name: string }[];
    }
  ).data.find((r) => r.patient_first_name === 'Chris' && r.patient_last_name === 'Client')?.user_id;
  expect(chris, 'Chris Client is therapist1’s client').toBeDefined();

  // Give the PHQ-9 (the dialog says so when Chris already has it open).
  await page.goto(`/n/client/forms?patientId=${String(chris)}`);
  await page.getByRole('button', { name: 'Assign forms' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign forms' });
  await dialog.getByRole('checkbox', { name: /PHQ-9/ }).first().check();
  await dialog.getByRole('button', { name: 'Assign' }).click();
  await expect(dialog).toBeHidden();

  const portal = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const client = await portal.newPage();
  await signInAs(client, 'client1', { next: '/form/patient/edit' });
  await client.getByRole('link', { name: /PHQ-9/ }).first().click();
  const groups = client.getByRole('radiogroup');
  await expect(groups).toHaveCount(9);
  for (let item = 0; item < 9; item++)
    await groups
      .nth(item)
      .getByRole('radio', { name: item === 8 ? 'Several days' : 'Not at all' })
      .check();
  await client.getByRole('button', { name: 'Submit' }).click();
  await expect(
    client.getByText('Thank you: your answers were sent to the practice.'),
  ).toBeVisible();
  await portal.close();

  await page.goto(`/n/client/${String(chris)}/measures`);
  const alert = page.getByRole('region', { name: 'PHQ-9 item 9 alerts' });
  await expect(alert.getByText(/PHQ-9 item 9 answered above zero/).first()).toBeVisible();
  await expect(alert.getByRole('link', { name: 'Open the response' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const before = await alert.getByRole('button', { name: 'Mark seen' }).count();
  await alert.getByRole('button', { name: 'Mark seen' }).first().click();
  if (before === 1) await expect(alert).toBeHidden();
  else await expect(alert.getByRole('button', { name: 'Mark seen' })).toHaveCount(before - 1);
});
