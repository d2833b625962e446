/**
 * `npm run bench`: the server's performance budgets (issue 14), each printed as a ratio
 * with its p50 and p95, in one run. On the embedded database in a folder of its own
 * (removed afterwards), or on BENCH_DATABASE_URL's PostgreSQL database as it is (seeded
 * with the demo when empty; runs may follow each other). The app is built as production
 * runs it: answers are serialised without the contract check.
 *
 * `npm run bench -- appointment window` runs only the budgets named (session, appointment,
 * window, client-appointments, records, draft, balances, payment, era), so one budget can be iterated on without waiting for the rest.
 */
import { appointmentBudget } from './budget-appointment.ts';
import { openBalancesBudget, paymentBudget, prepareLedger } from './budget-billing.ts';
import { draftSaveBudget, recordsBudget } from './budget-charting.ts';
import { eraPostingBudget } from './budget-claims.ts';
import { met, printBudget, type Budget } from './budget.ts';
import { clientAppointmentsBudget } from './client-appointments.ts';
import { sessionBudget } from './budget-session.ts';
import { windowBudget } from './budget-window.ts';
import { prepareBusyCalendar } from './calendar-data.ts';
import { benchDatabase, listeningApp, signIn, userIdOf } from './support.ts';

const only = process.argv.slice(2);
const wanted = (key: string) => only.length === 0 || only.includes(key);

const opened = await benchDatabase(prepareBusyCalendar);
const { app, base } = await listeningApp(opened.database);
try {
  const session = await signIn(base, 'manager');
  const steps: [string, () => Promise<Budget>][] = [
    ['session', () => sessionBudget(base, session.cookie)],
    ['appointment', () => appointmentBudget(opened.database, base, session)],
    ['window', () => windowBudget(opened.database, base, session.cookie)],
    // Last: it adds its two clients' appointments to the busy calendar the others measure.
    ['client-appointments', () => clientAppointmentsBudget(opened.database, base, session.cookie)],
    // Charting's budgets (issue 17) act as the notes' therapist: only the author saves drafts.
    ['records', async () => recordsBudget(opened.database, base, await signIn(base, 'therapist1'))],
    ['draft', async () => draftSaveBudget(opened.database, base, await signIn(base, 'therapist1'))],
    // Billing's budgets (issue 19) act as the biller; the 10,000-client ledger is loaded once.
    [
      'balances',
      async () => {
        await prepareLedger(opened.database);
        return openBalancesBudget(opened.database, base, await signIn(base, 'biller'));
      },
    ],
    [
      'payment',
      async () => {
        await prepareLedger(opened.database);
        return paymentBudget(opened.database, base, {
          ...(await signIn(base, 'biller')),
          userId: await userIdOf(opened.database, 'biller'),
        });
      },
    ],
    // Claims' budget (issue 20): 500 claims made through attendance, paid by one ERA.
    [
      'era',
      async () =>
        eraPostingBudget(
          opened.database,
          base,
          await signIn(base, 'biller'),
          await signIn(base, 'therapist1'),
        ),
    ],
  ];
  const unknown = only.filter((key) => !steps.some(([name]) => name === key));
  if (unknown.length > 0) throw new Error(`No such budget: ${unknown.join(', ')}`);
  const budgets: Budget[] = [];
  for (const [key, run] of steps) if (wanted(key)) budgets.push(await run());
  console.log(
    `\nPerformance budgets (${opened.database.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}):`,
  );
  for (const budget of budgets) printBudget(budget);
  process.exitCode = budgets.every(met) ? 0 : 1;
} finally {
  await app.close();
  await opened.close();
}
