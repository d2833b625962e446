import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAIL_FROM } from './platform/mail.ts';
import { parseAuditKey } from './platform/audit-checkpoint.ts';

/** http:// is accepted only to this machine (a local bridge to a provider). */
const LOCAL_HTTP = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/i;

/** Names proxy-addr (Fastify's trustProxy) understands for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as a list of addresses or CIDR ranges; a message when it is
 * not one. '1'/'true' (believe any X-Forwarded-For) is refused: anyone could
 * then pick the address that rate limits and the audit log see.
 */
function proxyList(value: string): string[] | string {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === '0' || trimmed === 'false') return [];
  if (['1', 'true', 'on', 'yes'].includes(trimmed.toLowerCase()))
    return "list the reverse proxies' addresses (e.g. 10.0.0.5,10.0.1.0/24) instead of 1/true, which would believe any client's X-Forwarded-For";
  const entries = trimmed.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || extra !== undefined)
      return `'${entry}' is not an IP address or CIDR range (e.g. 10.0.0.5 or 10.0.1.0/24)`;
  }
  return entries;
}

/** Everything the server reads from the environment, validated once at start. */
const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** This machine only unless set (e.g. 0.0.0.0 in a container or with no proxy on the host). */
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /** The schema owner, for migrations only; the app itself runs as DATABASE_URL's restricted role. */
    MIGRATION_DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    /** The audit checkpoints' MAC key (hex or base64, at least 32 bytes); unset: DATA_DIR/audit.key. */
    AUDIT_KEY: z
      .string()
      .refine((v) => parseAuditKey(v) !== null, 'expected at least 32 bytes as hex or base64')
      .optional(),
    AUDIT_CHECKPOINT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    SEED_DEMO: z.enum(['0', '1', 'on', 'off', 'true', 'false']).optional(),
    WEB_DIST: z.string().optional(),
    /** The reverse proxies' addresses or ranges, comma-separated; only they are believed about X-Forwarded-*. */
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const list = proxyList(value);
        if (typeof list === 'string') ctx.addIssue({ code: 'custom', message: list });
        return typeof list === 'string' ? [] : list;
      }),
    APP_ENV: z.string().min(1).max(40).default('local'),
    HELP_URL: z.url().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** smtp://user:pass@host:587 or smtps://…; unset keeps mail in the log only (the local adapter). */
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        hostname: /^.+$/,
        error: 'expected smtp://user:password@host:port or smtps://…',
      })
      .optional(),
    MAIL_FROM: z
      .string()
      .trim()
      .max(254)
      .regex(
        /^[^\r\n<>]*<?[^\s@<>]+@[^\s@<>]+>?$/,
        'expected an address, e.g. Name <no-reply@example.com>',
      )
      .default(DEFAULT_MAIL_FROM),
    /** The address people open the app at, for links in emails (e.g. https://practice.example.com). */
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'expected http://… or https://…' }).optional(),
    /** A fax service's endpoint (see platform/fax.ts); unset keeps faxes in the log only (the local adapter). */
    FAX_URL: z
      .url({ protocol: /^https$/, hostname: /^.+$/, error: 'expected https://… (a fax service)' })
      .optional(),
    /** The fax service's bearer token; required with FAX_URL. */
    FAX_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{1,4096}$/, 'expected a token of printable characters without spaces')
      .optional(),
    /** A photo ID analysis service (see platform/id-analysis.ts); unset: analysis is not available. */
    ID_ANALYSIS_URL: z
      .url({
        protocol: /^https?$/,
        hostname: /^.+$/,
        error: 'expected https://… (a photo ID analysis service)',
      })
      .refine(
        (url) => url.startsWith('https://') || LOCAL_HTTP.test(url),
        'expected https://…; http:// only to a service on this machine (localhost, 127.0.0.1)',
      )
      .optional(),
    /** The analysis service's bearer token; required with ID_ANALYSIS_URL. */
    ID_ANALYSIS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{1,4096}$/, 'expected a token of printable characters without spaces')
      .optional(),
    /** A clearinghouse for eligibility checks (see platform/clearinghouse.ts); unset: test mode (sample answers). */
    CLEARINGHOUSE_URL: z
      .url({
        protocol: /^https?$/,
        hostname: /^.+$/,
        error: 'expected https://… (a clearinghouse endpoint for X12 270 requests)',
      })
      .refine(
        (url) => url.startsWith('https://') || LOCAL_HTTP.test(url),
        'expected https://…; http:// only to a service on this machine (localhost, 127.0.0.1)',
      )
      .optional(),
    /** The clearinghouse's bearer token; required with CLEARINGHOUSE_URL. */
    CLEARINGHOUSE_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{1,4096}$/, 'expected a token of printable characters without spaces')
      .optional(),
    /** Sample 271 answers for test mode; the repository's apps/server/clearinghouse-samples by default. */
    CLEARINGHOUSE_SAMPLES_DIR: z.string().min(1).optional(),
    /** ISA06/GS02 and ISA08/GS03 of every 270: our submitter id and the clearinghouse's id. */
    CLEARINGHOUSE_SUBMITTER_ID: z
      .string()
      .regex(/^[A-Za-z0-9]{1,15}$/, 'expected 1 to 15 letters or digits')
      .optional(),
    CLEARINGHOUSE_RECEIVER_ID: z
      .string()
      .regex(/^[A-Za-z0-9]{1,15}$/, 'expected 1 to 15 letters or digits')
      .optional(),
    /** ISA15 sent to the clearinghouse: P (production, the default) or T (its test system). */
    CLEARINGHOUSE_USAGE: z.enum(['P', 'T']).default('P'),
    /**
     * The server's own Stripe account, for Stripe processors that name a connected account
     * (acct_…) instead of keys of their own; a practice's own keys are set on its set-up page.
     */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{4,255}$/, 'expected a Stripe secret key (sk_…)')
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9]{4,255}$/, 'expected a Stripe publishable key (pk_…)')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9]{4,255}$/, 'expected a webhook signing secret (whsec_…)')
      .optional(),
    /** Another address for Stripe's API: only a local server replaying recorded answers (tests). */
    STRIPE_API_URL: z
      .url({ protocol: /^https?$/, hostname: /^.+$/ })
      .refine(
        (url) => url.startsWith('https://') || LOCAL_HTTP.test(url),
        'expected https://…; http:// only to a server on this machine (localhost, 127.0.0.1)',
      )
      .optional(),
    /** The practice's video room for telehealth, `{id}` standing for the appointment; unset: none connected. */
    TELEHEALTH_ROOM_URL: z
      .url({
        protocol: /^https$/,
        hostname: /^.+$/,
        error: 'expected https://… (a video room address)',
      })
      .optional(),
  })
  .refine((e) => !e.FAX_URL || e.FAX_TOKEN, {
    path: ['FAX_TOKEN'],
    message: 'required when FAX_URL is set',
  })
  .refine((e) => !e.ID_ANALYSIS_URL || e.ID_ANALYSIS_TOKEN, {
    path: ['ID_ANALYSIS_TOKEN'],
    message: 'required when ID_ANALYSIS_URL is set',
  })
  .refine((e) => !e.CLEARINGHOUSE_URL || e.CLEARINGHOUSE_TOKEN, {
    path: ['CLEARINGHOUSE_TOKEN'],
    message: 'required when CLEARINGHOUSE_URL is set',
  })
  .refine((e) => !e.STRIPE_SECRET_KEY || e.STRIPE_PUBLISHABLE_KEY, {
    path: ['STRIPE_PUBLISHABLE_KEY'],
    message: 'required when STRIPE_SECRET_KEY is set (the browser needs it for the card fields)',
  })
  .refine((e) => !e.MIGRATION_DATABASE_URL || e.DATABASE_URL, {
    path: ['MIGRATION_DATABASE_URL'],
    message: 'needs DATABASE_URL (the embedded database has no separate owner)',
  });

export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** undefined: seed when the embedded database is empty. */
  seedDemo: boolean | undefined;
  webDist: string;
  /** Proxies believed about X-Forwarded-For and -Proto; empty: none. */
  trustProxy: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  environment: string;
  helpUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  faxUrl: string | undefined;
  faxToken: string | undefined;
  telehealthRoomUrl: string | undefined;
  /** Migrations connect here (the schema owner); DATABASE_URL when unset. */
  migrationDatabaseUrl: string | undefined;
  /** The audit checkpoints' key (else DATA_DIR/audit.key) and how often the chain is sealed. */
  audit: { key: Buffer | undefined; checkpointSeconds: number };
  idAnalysisUrl: string | undefined;
  idAnalysisToken: string | undefined;
  clearinghouse: {
    url: string | undefined;
    token: string | undefined;
    samplesDir: string | undefined;
    submitterId: string | undefined;
    receiverId: string | undefined;
    usage: 'P' | 'T';
  };
  /** Stripe: the server's own account (null: none) and the API's address (null: Stripe's). */
  stripe: StripeServerConfig;
};

export type StripeServerConfig = {
  account: { secretKey: string; publishableKey: string; webhookSecret: string | null } | null;
  apiUrl: string | null;
};

const truthy = (v: string | undefined) =>
  v === undefined ? undefined : ['1', 'on', 'true'].includes(v);

export const DEFAULT_WEB_DIST = resolve(new URL('.', import.meta.url).pathname, '../../web/dist');

/** Reads the environment; throws with every problem named so the server refuses to start. */
export function readConfig(env: NodeJS.ProcessEnv): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: truthy(e.SEED_DEMO),
    webDist: resolve(e.WEB_DIST ?? DEFAULT_WEB_DIST),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    environment: e.APP_ENV,
    helpUrl: e.HELP_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    faxUrl: e.FAX_URL,
    faxToken: e.FAX_TOKEN,
    telehealthRoomUrl: e.TELEHEALTH_ROOM_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL,
    audit: {
      key: e.AUDIT_KEY === undefined ? undefined : (parseAuditKey(e.AUDIT_KEY) ?? undefined),
      checkpointSeconds: e.AUDIT_CHECKPOINT_SECONDS,
    },
    idAnalysisUrl: e.ID_ANALYSIS_URL,
    idAnalysisToken: e.ID_ANALYSIS_TOKEN,
    clearinghouse: {
      url: e.CLEARINGHOUSE_URL,
      token: e.CLEARINGHOUSE_TOKEN,
      samplesDir: e.CLEARINGHOUSE_SAMPLES_DIR && resolve(e.CLEARINGHOUSE_SAMPLES_DIR),
      submitterId: e.CLEARINGHOUSE_SUBMITTER_ID,
      receiverId: e.CLEARINGHOUSE_RECEIVER_ID,
      usage: e.CLEARINGHOUSE_USAGE,
    },
    stripe: {
      account:
        e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              publishableKey: e.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            }
          : null,
      apiUrl: e.STRIPE_API_URL ?? null,
    },
  };
}
