import { expect, test } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { clientIdByName, openTab, profileUrl, tabPanel } from './support/client-profile';
import { signInAs } from './support/sign-in';

const CHRIS = { firstName: 'Chris', lastName: 'Client' } as const;
const REASON = 'Trouble sleeping since changing jobs; would like evening appointments.';

test('the client’s own therapist sees the reason for appointment and saves it to the memo', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, 'therapist1');
  // therapist1 searches their own caseload (My Clients is the only context offered).
  const response = await page.request.get('/api/patient/findPatients', {
    params: { context: 'my', search: 'chris client' },
  });
  const clientId =
    ((await response.json()) as { data: { user_id: number }[] }).data[0]?.user_id ?? 0;
  expect(clientId).toBeGreaterThan(0);

  await page.goto(profileUrl(clientId));
  const panel = await openTab(page, 'Reason for appointment');
  await expect(panel.getByText(REASON)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await panel.getByRole('button', { name: 'Save to memo' }).click();
  await expect(page.getByText('Saved to client memo.')).toBeVisible();
  // Saved to the memo, the reason itself is gone, so its tab is too.
  await expect(
    page
      .getByRole('tablist', { name: 'Client record' })
      .getByRole('tab', { name: 'Reason for appointment' }),
  ).toHaveCount(0);
  await openTab(page, 'Memo');
  await expect(tabPanel(page).getByText(REASON)).toBeVisible();
  await context.close();
});

test('a therapist who does not treat the client never sees the reason', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, 'manager');
  const clientId = await clientIdByName(page.request, 'chris client', CHRIS);
  await page.goto(profileUrl(clientId));
  await expect(page.getByRole('tablist', { name: 'Client record' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Reason for appointment' })).toHaveCount(0);
  await context.close();
});
