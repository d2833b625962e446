/**
 * `npm run bench:lighthouse`: Lighthouse's default mobile profile (simulated slow 4G, 4× slower
 * CPU, a phone's screen) on the pages therapists and clients open on their phones (issue 24),
 * against the built web app served by the production server on the demo data (embedded
 * PGlite). Prints each page's performance and accessibility scores, LCP and TBT, and exits
 * non-zero when a page scores below 90 on performance, has LCP over 2.5 s or TBT over 200 ms,
 * or drops below 100 on accessibility.
 *
 * Each page is measured LIGHTHOUSE_RUNS times (default 3) and the median run by performance
 * score counts: on a shared 2-core machine one run can be slowed by someone else's work.
 * LIGHTHOUSE_PAGES=<text> measures only the pages whose name contains it. Chromium is CHROME_PATH (default /usr/bin/chromium). With LIGHTHOUSE_REPORTS=<folder>, each
 * run's full report is written there as JSON (open it in the Lighthouse viewer).
 */
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDatabase, listeningApp, signIn } from './support.ts';
import { tlsFront } from './tls-front.ts';
import { DEFAULT_WEB_DIST } from '../apps/server/src/config.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Only the pages whose name contains this text (e.g. LIGHTHOUSE_PAGES=calendar). */
const ONLY = process.env.LIGHTHOUSE_PAGES;
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
if (REPORTS) mkdirSync(REPORTS, { recursive: true });
const TARGET = { performance: 90, accessibility: 100, lcpMs: 2500, tbtMs: 200 };

interface Page {
  name: string;
  path: string;
  /** The session of a demo user (the `name=value` cookie); none for a signed-out visitor. */
  cookie?: string;
}

interface Figures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
}

const opened = await benchDatabase();
const { app, base } = await listeningApp(opened.database, DEFAULT_WEB_DIST);
// Pages are measured through HTTPS and HTTP/2, as a deployment serves them (tls-front.ts).
const front = await tlsFront(base);

async function getJson<T>(path: string, cookie?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const therapist = (await signIn(base, 'therapist1')).cookie;
const client = (await signIn(base, 'client1')).cookie;
// The demo client with a portal account, opened by their own therapist.
const found = await getJson<{ data: { user_id: number; patient_first_name: string }[] }>(
  '/api/patient/findPatients?search=Client',
  therapist,
);
const clientId = found.data.find((row) => row.patient_first_name === 'Chris')?.user_id;
const directory = await getJson<{ data: { therapistId: number }[] }>(
  '/api/public/findYourTherapist/search?text=Okafor',
);
const publicTherapistId = directory.data[0]?.therapistId;
if (!clientId || !publicTherapistId) throw new Error('The demo data lacks Chris Client or Okafor.');

// A form the demo has assigned to client1 and not yet submitted: the page they fill it in on.
const forms = await getJson<{ data: { id: number; state: string }[] }>('/api/form/patient', client);
const formId = forms.data.find((form) => ['assigned', 'in_progress'].includes(form.state))?.id;
if (!formId) throw new Error('The demo has no form for client1 to fill in.');
const pages: Page[] = [
  { name: 'sign-in', path: '/n/public/login' },
  { name: 'calendar (therapist, day)', path: '/n/schedule', cookie: therapist },
  { name: 'client profile', path: `/n/client/${clientId}`, cookie: therapist },
  { name: 'client portal home', path: '/n/', cookie: client },
  { name: "client's form page", path: `/n/form/patient/edit/${formId}`, cookie: client },
  { name: 'public therapist page', path: `/n/public/findYourTherapist/${publicTherapistId}` },
];

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--ignore-certificate-errors'],
});

/**
 * The browser holds exactly this session, as after signing in. Lighthouse's `extraHeaders`
 * would not do: Chromium sends its own cookies instead once the app has set one.
 */
async function useSession(browser: Browser, cookie: string | undefined): Promise<void> {
  await browser.deleteCookie(...(await browser.cookies()));
  for (const pair of cookie ? cookie.split('; ') : []) {
    const [name = '', value = ''] = pair.split('=');
    await browser.setCookie({ name, value, domain: '127.0.0.1', path: '/', httpOnly: true });
  }
}

async function measure(page: Page, run: number): Promise<Figures> {
  await useSession(browser, page.cookie);
  const tab = await browser.newPage();
  const result = await lighthouse(
    `${front.base}${page.path}`,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    // No config: Lighthouse's default, the mobile profile.
    undefined,
    tab,
  );
  await tab.close();
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.path}`);
  if (REPORTS) {
    const file = `${page.name.replace(/[^a-z]+/g, '-')}-${run + 1}.json`;
    writeFileSync(join(REPORTS, file), String(result.report));
  }
  if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl !== `${front.base}${page.path}`) {
    throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}: not signed in?`);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
  };
}

function median(runs: Figures[]): Figures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('No runs.');
  return middle;
}

/**
 * A run whose trace Chromium failed to record (Lighthouse's NO_NAVSTART and its kin, which a
 * busy machine provokes now and then) says nothing of the page: it is made again, twice at most.
 */
async function measureOnce(page: Page, run: number): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(page, run);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('recording the trace')) throw error;
    }
  }
}

const failures: string[] = [];
const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(`\nLighthouse ${RUNS > 1 ? `median of ${RUNS} runs` : '1 run'}, mobile profile`);
console.log(`${'page'.padEnd(28)} perf  a11y   LCP ms   TBT ms  (perf of each run)`);
try {
  for (const page of pages.filter((p) => !ONLY || p.name.includes(ONLY))) {
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(page, i));
    const m = median(runs);
    console.log(
      `${page.name.padEnd(28)} ${pad(m.performance, 4)}  ${pad(m.accessibility, 4)}  ` +
        `${pad(m.lcpMs.toFixed(0), 7)}  ${pad(m.tbtMs.toFixed(0), 7)}  ` +
        `(${runs.map((r) => r.performance).join(', ')})`,
    );
    if (m.performance < TARGET.performance)
      failures.push(`${page.name}: performance ${m.performance}`);
    if (m.accessibility < TARGET.accessibility) {
      failures.push(`${page.name}: accessibility ${m.accessibility}`);
    }
    if (m.lcpMs > TARGET.lcpMs) failures.push(`${page.name}: LCP ${m.lcpMs.toFixed(0)} ms`);
    if (m.tbtMs > TARGET.tbtMs) failures.push(`${page.name}: TBT ${m.tbtMs.toFixed(0)} ms`);
  }
} finally {
  await browser.close();
  front.close();
  await app.close();
  await opened.close();
}

if (failures.length > 0) {
  console.error(`\nBelow target (performance ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, accessibility 100):`);
  for (const failure of failures) console.error(`  ${failure}`);
  process.exitCode = 1;
} else {
  console.log('\nEvery page met its target.');
}
