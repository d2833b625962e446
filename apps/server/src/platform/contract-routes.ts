import { callOfSchema } from '@openpractice/contracts';
import type { FastifyInstance, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * One contract per call (packages/contracts): every /api route must be registered with
 * `schema: contract.someCall.schema`, on the contract's method and path, or the server
 * refuses to start. So the request is validated, the answer serialised and the OpenAPI
 * document written from the same schemas the web takes its types from.
 */
export function enforceContracts(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url === '/api/docs') return;
    const call = callOfSchema(route.schema);
    const where = `Route ${[route.method].flat().join(',')} ${route.url}`;
    if (!call) throw new Error(`${where} is not registered from a contract (schema: call.schema).`);
    const methods = [route.method].flat().filter((m) => m !== 'HEAD');
    if (`/api${call.path}` !== route.url || methods.some((m) => m !== call.method)) {
      throw new Error(`${where} uses the contract of ${call.method} ${call.path}.`);
    }
  });
}

/** A refused answer: names the call and where the answer and its contract part, never a value. */
export class AnswerBreaksContract extends Error {
  override readonly name = 'AnswerBreaksContract';
}

/**
 * Serialises answers by their contract. Checked (`check`: tests, development, demo): the
 * answer is encoded by its schema and must carry nothing the contract does not name, or the
 * request fails loudly. Unchecked (NODE_ENV=production): the handler's return type is already
 * bound to the contract at compile time, so the answer is stringified without a second pass
 * (the contracts' only codec, `timestamp`, encodes exactly as JSON.stringify does).
 */
export function contractSerializer(check: boolean): FastifySerializerCompiler<z.core.$ZodType> {
  return ({ schema, method, url }) => {
    if (!check) return (data) => JSON.stringify(data);
    return (data) => {
      const encoded = z.safeEncode(schema as z.ZodType, data);
      if (!encoded.success) {
        const issue = encoded.error.issues[0];
        throw new AnswerBreaksContract(
          `The answer of ${method} ${url} breaks its contract at ${pathText(issue?.path ?? [])}: ${issue?.message ?? ''}`,
        );
      }
      const text = JSON.stringify(encoded.data);
      const extra = firstExtraField(JSON.parse(JSON.stringify(data)) as unknown, JSON.parse(text));
      if (extra !== null) {
        throw new AnswerBreaksContract(
          `The answer of ${method} ${url} carries ${pathText(extra)}, which its contract does not name.`,
        );
      }
      return text;
    };
  };
}

function pathText(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'the top' : path.map(String).join('.');
}

/** The path of the first field present in `sent` but dropped by the contract's encoding. */
function firstExtraField(
  sent: unknown,
  kept: unknown,
  path: PropertyKey[] = [],
): PropertyKey[] | null {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    for (let i = 0; i < sent.length; i++) {
      const found = firstExtraField(sent[i], kept[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (isRecord(sent) && isRecord(kept)) {
    for (const key of Object.keys(sent)) {
      if (!(key in kept)) return [...path, key];
      const found = firstExtraField(sent[key], kept[key], [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
