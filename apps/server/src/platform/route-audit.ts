import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import { auditContext, recordAudit, recordAudits, type AuditEntry } from './audit.ts';
import { gateClient, gateResolvedClient, type ClientGate, type ClientNeed } from './client-gate.ts';
import { inTransaction } from './request-db.ts';

/**
 * Client data is gated and audited by the platform, from each route's
 * declaration (`config.audit`), never by hand in a handler. A declared route
 * runs gate, handler and audit row in one transaction: a committed change or
 * read without its audit row cannot exist. Refusals (401, 403) on a declared
 * route are audited too, after the rollback.
 */
export type AuditKind = 'view' | 'list' | 'change' | 'export' | 'print';

/** Where the one client (or the few clients) a request names come from. */
export type ClientLocator =
  | { query: string }
  | { body: string }
  | { params: string }
  /** Records that stand for clients (an appointment, a policy): look their clients up. */
  | { resolve: (db: Db, request: FastifyRequest) => Promise<number[]> }
  /**
   * A record that stands for one client (a note), found in the gate's own statement (one
   * round trip fewer): a scalar subquery answering its client's id, or null when there is
   * no such record. As with `resolve`, a missing record gates nothing and the handler answers.
   */
  | { resolveInGate: (request: FastifyRequest) => SQL };

export type ClientDataRoute = {
  action: `${string}.${string}`;
  /** What the audit page calls it; by default a read is a view (or a list, with `returned`) and a write a change. */
  kind?: AuditKind;
  /** The client(s) the request names: each is gated (404 outside the practice, 403 without access). */
  client?: ClientLocator & {
    need?: ClientNeed;
    /**
     * A read the handler needs, done in the first client's gate statement (one round trip
     * fewer); the handler finds it as `gateOf(request).alongside`. It runs before the gate
     * decides, so it must only read, and only what the caller may learn once admitted.
     */
    alongside?: (request: FastifyRequest) => SQL;
    /** The field may be absent (e.g. a new client): then nothing is gated. */
    optional?: boolean;
  };
  /** The clients the answer carries, for lists, searches, calendars and exports. */
  returned?: (result: never, request: FastifyRequest) => Iterable<number>;
  /** Parts of what happened worth keeping (names of parts and counts, never client data). */
  detail?: (request: FastifyRequest, result: never) => Record<string, unknown>;
};

/** What a handler adds to its route's audit row when the declaration cannot know it. */
export type AuditNotes = {
  action?: `${string}.${string}`;
  patientIds: number[];
  detail: Record<string, unknown>;
  /** A route whose permission is a signed link, not a session: the link names who acts. */
  actor?: { practiceId: number; userId: number | null };
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that reads or changes client data declares it; 'none' says it touches none. */
    audit?: ClientDataRoute | 'none';
  }
  interface FastifyRequest {
    /** The gates the platform passed for this request, in the order the clients were named. */
    clientGates: ClientGate[];
    auditNotes: AuditNotes;
  }
}

/** The gate of the one client a declared route names. */
export function gateOf(request: FastifyRequest): ClientGate {
  const gate = request.clientGates[0];
  if (!gate) throw new Error(`${request.routeOptions.url} declares no client to gate.`);
  return gate;
}

/** Adds clients or detail to this request's audit row (lists the declaration cannot see). */
export function noteAudit(
  request: FastifyRequest,
  notes: {
    action?: `${string}.${string}`;
    patientIds?: Iterable<number>;
    detail?: Record<string, unknown>;
    actor?: AuditNotes['actor'];
  },
): void {
  if (notes.action) request.auditNotes.action = notes.action;
  if (notes.actor) request.auditNotes.actor = notes.actor;
  if (notes.patientIds) request.auditNotes.patientIds.push(...notes.patientIds);
  if (notes.detail) Object.assign(request.auditNotes.detail, notes.detail);
}

function fieldValue(request: FastifyRequest, locator: ClientLocator): unknown {
  if ('query' in locator)
    return (request.query as Record<string, unknown> | undefined)?.[locator.query];
  if ('body' in locator)
    return (request.body as Record<string, unknown> | undefined)?.[locator.body];
  if ('params' in locator)
    return (request.params as Record<string, unknown> | undefined)?.[locator.params];
  return undefined;
}

function asIds(value: unknown): number[] {
  const values: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value];
  return values
    .map((v): unknown => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v))
    .filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0);
}

async function locateClients(
  db: Db,
  request: FastifyRequest,
  spec: ClientDataRoute,
): Promise<number[]> {
  const locator = spec.client;
  if (!locator) return [];
  // Found by the gate's statement itself (see `gateNamedClients`).
  if ('resolveInGate' in locator) return [];
  const ids =
    'resolve' in locator ? await locator.resolve(db, request) : asIds(fieldValue(request, locator));
  if (ids.length === 0 && !locator.optional && !('resolve' in locator)) {
    throw new AppError(400, 'Say which client this is about.', 'patientId');
  }
  return [...new Set(ids)];
}

function kindOf(request: FastifyRequest, spec: ClientDataRoute): AuditKind {
  if (spec.kind) return spec.kind;
  if (request.method !== 'GET') return 'change';
  return spec.returned ? 'list' : 'view';
}

function routeName(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}

function entryFor(
  request: FastifyRequest,
  spec: ClientDataRoute,
  named: number[],
  result: unknown,
): AuditEntry {
  const returned = spec.returned ? [...spec.returned(result as never, request)] : [];
  const ids = [...new Set([...named, ...returned, ...request.auditNotes.patientIds])];
  const actor = request.auditNotes.actor;
  return {
    ...auditContext(request),
    ...(actor ? { practiceId: actor.practiceId, actorUserId: actor.userId } : {}),
    action: request.auditNotes.action ?? spec.action,
    patientId: ids.length === 1 ? ids[0] : null,
    patientIds: ids.length > 1 ? ids : null,
    detail: {
      kind: kindOf(request, spec),
      route: routeName(request),
      ...(spec.detail ? spec.detail(request, result as never) : {}),
      ...request.auditNotes.detail,
    },
  };
}

/**
 * A declared route returns its answer (setting the status first if it is not
 * 200); it never sends it, since a sent answer would leave before the commit
 * (the caller could read the old data, or hear of a change that then rolled
 * back). Sending inside the handler is refused at once, so a test finds it.
 */
async function withoutEarlySend<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => T,
): Promise<Awaited<T>> {
  const own = reply as unknown as Record<string, unknown>;
  own.send = () => {
    throw new Error(`${routeName(request)} sends its answer before its commit; return it instead.`);
  };
  try {
    return await run();
  } finally {
    delete own.send;
  }
}

/** Gates each client the request names (the first with its `alongside` read); answers them. */
async function gateNamedClients(
  db: Db,
  request: FastifyRequest,
  spec: ClientDataRoute,
): Promise<number[]> {
  const locator = spec.client;
  if (locator && 'resolveInGate' in locator) {
    const gate = await gateResolvedClient(
      db,
      request,
      locator.resolveInGate(request),
      locator.need,
      locator.alongside?.(request),
    );
    if (!gate) return [];
    request.clientGates.push(gate);
    return [gate.clientId];
  }
  const named = await locateClients(db, request, spec);
  for (const [i, id] of named.entries()) {
    const alongside = i === 0 ? locator?.alongside?.(request) : undefined;
    request.clientGates.push(await gateClient(db, request, id, locator?.need, alongside));
  }
  return named;
}

/** Wraps every declared route's handler: gate, handler and audit row in one transaction. */
export function enforceClientAudit(app: FastifyInstance, rootDb: Db, now: () => Date): void {
  app.decorateRequest('clientGates', null as unknown as ClientGate[]);
  app.decorateRequest('auditNotes', null as unknown as AuditNotes);
  app.addHook('onRequest', async (request) => {
    request.clientGates = [];
    request.auditNotes = { patientIds: [], detail: {} };
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const spec = route.config?.audit;
    if (!spec || spec === 'none') return;
    const handler = route.handler;
    route.handler = async function audited(this: FastifyInstance, request, reply) {
      return inTransaction(rootDb, async () => {
        const named = await gateNamedClients(app.db, request, spec);
        const result: unknown = await withoutEarlySend(request, reply, () =>
          handler.call(this, request, reply),
        );
        await recordAudits(app.db, [entryFor(request, spec, named, result)], now());
        return result;
      });
    };
  });

  // A refusal on client data is itself worth knowing about: who tried, which client, why.
  app.addHook('onError', async (request, _reply, error) => {
    const spec = (request.routeOptions.config as { audit?: ClientDataRoute | 'none' } | undefined)
      ?.audit;
    // Only client data: a refused practice-setting change is no one's record.
    if (!spec || spec === 'none' || !spec.action.startsWith('client.')) return;
    if (!(error instanceof AppError) || (error.statusCode !== 401 && error.statusCode !== 403))
      return;
    const locator = spec.client;
    const named =
      locator && !('resolve' in locator) && !('resolveInGate' in locator)
        ? asIds(fieldValue(request, locator))
        : [];
    await recordAudit(
      app.db,
      {
        ...auditContext(request),
        action: 'client.denied',
        patientId: named.length === 1 ? named[0] : null,
        patientIds: named.length > 1 ? named : null,
        detail: {
          kind: 'denied',
          route: routeName(request),
          status: error.statusCode,
          reason: error.statusCode === 401 ? 'not signed in' : error.message,
        },
      },
      now(),
    );
  });
}
