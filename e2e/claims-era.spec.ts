import { expectNoSeriousA11yViolations } from './support/axe';
import { era835 } from './support/era-835';
import { collectPageErrors } from './support/page-errors';
import { signInAs } from './support/sign-in';
import { expect, test } from './support/test';

/**
 * ERA 835 posting end to end (issue 20 item 7): a biller uploads the payer's 835 for one of the
 * demo's claims on Insurance payments, by keyboard, and reads what was posted: the insurer's
 * payment and the client's balance after it (the copay). The same ERA names a claim the practice
 * never sent, which waits on ERA problems (problemERA) until it is dismissed; the file is then
 * among the received ERAs. Both pages and the dialog pass axe.
 */

type Row = { patientControlNumber: string; totalCents: number; lines: number; clientName: string };

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test('a biller uploads an ERA: the payment posts, the client owes the copay, the unmatched claim waits on problemERA', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectPageErrors(page);
  await signInAs(page, 'biller');

  // A demo claim of one session, paid as a whole: $10 contractual, a $25 copay to the client.
  const listed = await page.request.get('/api/claims/list/readyToSubmit?limit=200');
  expect(listed.ok()).toBe(true);
  const rows = ((await listed.json()) as { data: { rows: Row[] } }).data.rows;
  // The newest such claim: the paper claims' spec prints the oldest ready one of its payer.
  const claim = rows.findLast((row) => row.lines === 1 && row.totalCents > 5_000);
  if (!claim) throw new Error('the demo has no ready claim of one session');
  const paidCents = claim.totalCents - 3_500;
  const stamp = String(Date.now());
  const unmatched = `NOSUCH-${stamp.slice(-8)}`;
  const text = era835({
    traceNumber: `E2E${stamp}`,
    claims: [
      {
        patientControlNumber: claim.patientControlNumber,
        lines: [],
        whole: {
          chargeCents: claim.totalCents,
          paidCents,
          contractualCents: 1_000,
          patientCents: 2_500,
        },
      },
      {
        patientControlNumber: unmatched,
        lines: [],
        whole: { chargeCents: 12_000, paidCents: 9_000, contractualCents: 3_000 },
      },
    ],
  });

  await page.goto('/n/billing/payments/insurance');
  await expect(page.getByRole('heading', { level: 1, name: 'Insurance payments' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The action is a button: focused and pressed by keyboard, it opens the file picker.
  const action = page.getByRole('button', { name: 'Upload ERA (835)' });
  await action.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'remittance.835', mimeType: 'text/plain', buffer: Buffer.from(text) });

  const dialog = page.getByRole('dialog', { name: 'ERA (835) upload' });
  await expect(dialog.getByText(/Posted 1 claim from ACME HEALTH PLAN/)).toBeVisible();
  const posted = dialog.getByRole('region', { name: 'Claims posted' }).getByRole('row').nth(1);
  await expect(posted).toContainText(claim.clientName);
  await expect(posted).toContainText(dollars(paidCents));
  // Cells after the client: claim, insurance paid, contractual, client's part, client balance.
  await expect(posted.getByRole('cell').nth(2)).toHaveText('$10.00');
  await expect(posted.getByRole('cell').nth(3)).toHaveText('$25.00');
  await expect(posted.getByRole('cell').nth(4)).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(dialog.getByText(unmatched)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The page's list reads again: the insurer's payment is there with its check number.
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `E2E${stamp}` })
      .filter({ hasText: dollars(paidCents) }),
  ).toBeVisible();

  // The unmatched claim waits on ERA problems, reached from the Insurance menu.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: 'Insurance' }).click();
  await nav.getByRole('link', { name: 'ERA problems' }).click();
  await expect(page).toHaveURL(/\/n\/billing\/claim\/problemERA$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ERA problems' })).toBeVisible();
  const problem = page
    .getByRole('region', { name: 'ERA problems' })
    .getByRole('row')
    .filter({ hasText: unmatched });
  await expect(problem).toContainText(
    `No claim of the practice has the patient control number ${unmatched}.`,
  );
  await expectNoSeriousA11yViolations(page);

  // Dealt with (returned to the payer), it is dismissed: a payment of no claim has no other end.
  await problem.getByRole('button', { name: `Resolve the problem with ${unmatched}` }).click();
  const resolving = page.getByRole('dialog', { name: `Resolve the problem with ${unmatched}` });
  await expect(resolving.getByText(/nothing to post it to/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await resolving.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('ERA problem resolved.')).toBeVisible();
  await expect(resolving).toBeHidden();
  await expect(problem).toHaveCount(0);

  // The file is among the received ERAs, under the insurance payments.
  await page.goto('/n/billing/payments/insurance');
  const received = page
    .getByRole('region', { name: 'Received ERAs' })
    .getByRole('row')
    .filter({ hasText: `E2E${stamp}` });
  await expect(received).toContainText('1 claim posted, 1 problem');
  await expect(received).toContainText('remittance.835');
  await expectNoSeriousA11yViolations(page);
  expect(errors).toEqual([]);
});
