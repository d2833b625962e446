import { contractSerializer, enforceContracts } from './platform/contract-routes.ts';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Database, Db } from './db/client.ts';
import {
  checkAccess,
  enforceDeclaredAccess,
  isMutating,
  type RegisteredRoute,
} from './platform/access.ts';
import { csrfExpired, errorHandler } from './platform/errors.ts';
import { installInputGuard } from './platform/input-guard.ts';
import { loggerOptions } from './platform/log.ts';
import { hasValidCsrfToken, loadCsrfSecret } from './platform/csrf.ts';
import { createFaxer, type Faxer, type FaxOptions } from './platform/fax.ts';
import {
  createIdAnalyzer,
  type IdAnalyzer,
  type IdAnalysisOptions,
} from './platform/id-analysis.ts';
import {
  createClearinghouse,
  type ClearinghouseAdapter,
  type ClearinghouseOptions,
} from './platform/clearinghouse.ts';
import { createMailer, type Mailer, type MailOptions } from './platform/mail.ts';
import type { SafeFetchPolicy } from './platform/safe-fetch.ts';
import { registerSecurityHeaders, requireStaff } from './platform/security.ts';
import { registerCompression } from './platform/compression.ts';
import { requestScopedDb } from './platform/request-db.ts';
import { enforceClientAudit } from './platform/route-audit.ts';
import { openStorage, type Storage } from './platform/storage.ts';
import { loadOrCreateAuditKey, scheduleAuditCheckpoints } from './platform/audit-checkpoint.ts';
import { resolveSession, sessionRowCache, type Auth } from './platform/sessions.ts';
import { clearSessionCookie, sessionTokenOf } from './platform/cookies.ts';
import { localAddress } from './platform/links.ts';
import { serveWebApp } from './platform/web-app.ts';
import { registerModules } from './modules/index.ts';
import type { StripeServerConfig } from './config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** The server's clock; tests move it to expire sessions. */
    now: () => Date;
    csrfSecret: string;
    /** Files (photo IDs, insurance cards) behind signed addresses. */
    storage: Storage;
    routeTable: RegisteredRoute[];
    /** The mail adapter: SMTP when configured, else the local log-only adapter. */
    mailer: Mailer;
    /** The fax adapter: the fax service when FAX_URL is set, else the local log-only adapter. */
    faxer: Faxer;
    /** The photo ID analysis service (ID_ANALYSIS_URL); null when none is configured. */
    idAnalyzer: IdAnalyzer | null;
    /** The clearinghouse for eligibility checks (CLEARINGHOUSE_URL), else the local test-mode adapter. */
    clearinghouse: ClearinghouseAdapter;
    /** The one origin links in emails are built from (PUBLIC_URL); never the request's Host header. */
    publicUrl: string;
    /** The database holds the demo practices, whose accounts share the published password. */
    demoMode: boolean;
    /** The telehealth video room template (TELEHEALTH_ROOM_URL, `{id}` = appointment); null: none. */
    telehealthRoomUrl: string | null;
    /** Limits for fetching user-given addresses (platform/safe-fetch.ts); empty in production. */
    outboundFetch: SafeFetchPolicy;
    /** The audit checkpoints' MAC key: the audit pages verify the chain with it. */
    auditKey: Buffer;
    /** Stripe: the server's own account (STRIPE_*), if any, and the API's address. */
    stripe: StripeServerConfig;
  }
  interface FastifyRequest {
    auth: Auth | null;
  }
  interface FastifyContextConfig {
    /**
     * true on a change that cannot touch sessions, users, their roles or a practice's
     * settings (booking an appointment): its answer leaves this process's cached sessions
     * in place, so someone booking one appointment after another is not read again each time.
     */
    keepsSessions?: boolean;
  }
}

export type AppOptions = {
  database: Database;
  /** Check every answer against its contract (default: unless NODE_ENV=production). */
  checkAnswers?: boolean;
  webDist?: string;
  /** Where local files live (under `files/`); `./data` by default, as DATA_DIR. */
  dataDir?: string;
  /** Reverse proxies (addresses or CIDR ranges) believed about X-Forwarded-*; none by default. */
  trustProxy?: string[];
  logLevel?: string;
  now?: () => Date;
  /** Requests per minute per address on sign-in and other public writes. */
  publicRateLimit?: number;
  /** Deployment name the web app reads from GET /api/config. */
  environment?: string;
  /** Where the Help link and help center point. */
  helpUrl?: string;
  /** Where log lines go (standard output by default); tests read them. */
  logStream?: { write(line: string): void };
  /** SMTP transport and From address; without smtpUrl, mail is kept in the log only. */
  mail?: MailOptions;
  /** Fax service endpoint and token; without a url, faxes are kept in the log only. */
  fax?: FaxOptions;
  /** Photo ID analysis service endpoint and token; without a url, analysis is not available. */
  idAnalysis?: IdAnalysisOptions;
  /** Clearinghouse endpoint and token; without a url, eligibility checks answer from sample files. */
  clearinghouse?: ClearinghouseOptions;
  /** Origin for links in emails, e.g. https://practice.example.com; main resolves it (links.ts). */
  publicUrl?: string;
  /** The database holds the demo (seed/demo-mode.ts); GET /api/config tells the web app. */
  demoMode?: boolean;
  /** The telehealth video room template, e.g. https://video.example.com/room/{id}. */
  telehealthRoomUrl?: string;
  /**
   * Tests only (main never sets it, no environment variable reads it): shorter
   * limits, an injected resolver and the exact host:port of local test servers
   * that user-given addresses may reach.
   */
  outboundFetch?: SafeFetchPolicy;
  /** Stripe's server account and API address (config.ts reads STRIPE_*); none by default. */
  stripe?: StripeServerConfig;
  /** The audit checkpoints' MAC key (else DATA_DIR/audit.key) and how often to seal (60 s). */
  audit?: { key?: Buffer | undefined; checkpointIntervalMs?: number };
};

export const DEFAULT_HELP_URL = 'https://github.com/openpractice/openpractice#readme';

/** Header a background poll sends so it does not count as user activity. */
export const BACKGROUND_HEADER = 'x-background-request';

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = createServer(options);
  await decorateServices(app, options);
  await registerPlugins(app);
  installSessionHooks(app);

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      status: 'error',
      message: `There is no ${request.method} ${request.url.split('?')[0]}.`,
    }),
  );

  await registerModules(app, {
    publicRateLimit: options.publicRateLimit ?? 60,
    environment: options.environment ?? 'local',
    helpUrl: options.helpUrl ?? DEFAULT_HELP_URL,
  });

  // The API's map is for staff only: it names every route a caller could probe.
  app.get(
    '/api/docs',
    { config: { access: 'authenticated', audit: 'none' }, schema: { hide: true } },
    (request) => {
      requireStaff(request);
      return app.swagger();
    },
  );

  if (options.webDist) serveWebApp(app, options.webDist);
  await app.ready();
  return app;
}

/** Fastify with the platform's logging, input guard, contract checks and error shape. */
function createServer(options: AppOptions) {
  const app = Fastify({
    trustProxy: options.trustProxy && options.trustProxy.length > 0 ? options.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // Signed storage addresses carry their grant in the path (about 300 characters).
    routerOptions: { maxParamLength: 1024 },
    genReqId: () => randomUUID(),
    // Route patterns, status and error classes only: never bodies, queries, SQL parameters or tokens.
    logger: loggerOptions({
      level: options.logLevel ?? 'info',
      ...(options.logStream ? { stream: options.logStream } : {}),
    }),
  }).withTypeProvider<ZodTypeProvider>();

  // Zod validation plus the platform's input guard (control characters, 32-bit ids, date range).
  installInputGuard(app);
  app.setSerializerCompiler(
    contractSerializer(options.checkAnswers ?? process.env.NODE_ENV !== 'production'),
  );
  enforceContracts(app);
  app.setErrorHandler(errorHandler);
  // The API speaks JSON only; anything else gets 415 rather than a guess.
  app.removeContentTypeParser('text/plain');
  return app;
}

/** The services every module reaches through `app` (database, mail, storage, audit key...). */
async function decorateServices(app: FastifyInstance, options: AppOptions): Promise<void> {
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', routeTable);
  // Inside a declared client-data route this is the request's transaction (request-db.ts).
  app.decorate('db', requestScopedDb(options.database.db));
  app.decorate('now', options.now ?? (() => new Date()));
  app.decorate('csrfSecret', await loadCsrfSecret(options.database.db));
  const mailer = createMailer({ ...options.mail, now: app.now, log: app.log });
  app.decorate('mailer', mailer);
  app.decorate('faxer', createFaxer({ ...options.fax, now: app.now, log: app.log }));
  app.decorate('idAnalyzer', createIdAnalyzer({ ...options.idAnalysis, log: app.log }));
  app.decorate('clearinghouse', createClearinghouse({ ...options.clearinghouse, log: app.log }));
  app.decorate('publicUrl', options.publicUrl?.replace(/\/+$/, '') ?? localAddress(3000));
  app.decorate('demoMode', options.demoMode ?? false);
  app.decorate('telehealthRoomUrl', options.telehealthRoomUrl ?? null);
  app.decorate('outboundFetch', options.outboundFetch ?? {});
  app.decorate('stripe', options.stripe ?? { account: null, apiUrl: null });
  app.addHook('onClose', async () => {
    mailer.close();
  });
  app.decorate('storage', await openStorage(app.db, options.dataDir ?? './data'));
  app.decorateRequest('auth', null);
  enforceDeclaredAccess(app, routeTable);
  enforceClientAudit(app, options.database.db, app.now);
  app.decorate(
    'auditKey',
    options.audit?.key ?? (await loadOrCreateAuditKey(options.dataDir ?? './data')),
  );
  scheduleAuditCheckpoints(
    app,
    options.database.db,
    app.auditKey,
    options.audit?.checkpointIntervalMs,
  );
}

/** Cookies, security headers, compression, rate limits and the OpenAPI document. */
async function registerPlugins(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  await registerSecurityHeaders(app);
  registerCompression(app);
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'OpenPractice API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
}

/** Who is calling, may they, and did they send the CSRF token: before the body is parsed. */
function installSessionHooks(app: FastifyInstance): void {
  const sessionCache = sessionRowCache();
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    reply.header('Cache-Control', 'no-store');
    const token = sessionTokenOf(request);
    if (token) {
      const touch = request.headers[BACKGROUND_HEADER] !== '1';
      request.auth = await resolveSession(app.db, token, app.now(), touch, sessionCache);
      if (!request.auth) clearSessionCookie(request, reply);
    }
    checkAccess(request);
    if (isMutating(request.method) && request.routeOptions.config.csrf !== false) {
      if (!hasValidCsrfToken(app.csrfSecret, request)) {
        request.log.warn('CSRF token missing or wrong; POST, PUT and DELETE will fail');
        throw csrfExpired();
      }
    }
  });

  // A change made here (sign-out, roles, impersonation, settings, a client's portal access)
  // holds for the caller's next request: the cached sessions go before the answer does
  // (platform/session-cache.ts). Every change empties it: client-record routes can end
  // accounts' sessions too (disabling portal access), and reads keep the cache warm; only a
  // route declared `keepsSessions` is known to change none of what a session row holds.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (isMutating(request.method) && request.routeOptions.config.keepsSessions !== true) {
      sessionCache.invalidate();
    }
    done(null, payload);
  });
}
