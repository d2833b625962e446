import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from './errors.ts';
import {
  EARLIEST_DAY,
  INT_LIMIT,
  inputRules,
  LATEST_DAY,
  type InputRule,
} from '@openpractice/contracts';

/**
 * The platform's input guard: after a route's zod schema has parsed a request
 * part, every value in it is checked against rules no column can take and no
 * route should have to remember (issue 13, finding 7):
 *
 * - text carries no control character: none of U+0000–U+001F (tab, CR and LF
 *   excepted: single-line fields refuse those with `textSchema`), U+007F–U+009F,
 *   nor half a surrogate pair. PostgreSQL refuses NUL outright (a 500 before).
 * - a number lies within ±2,147,483,647, the range of an `integer` column (ids,
 *   counts, cents), and is finite; a field whose schema is marked `bigInteger`
 *   may go beyond.
 * - a string that is an ISO date or date-time lies between 1900-01-01 and
 *   2200-12-31 (year 0000 broke date arithmetic and PostgreSQL); a field marked
 *   with its own `dates` range uses that one.
 *
 * It runs for every route: wrapped around the validator compiler for the parts
 * a route declares, and as a hook for the parts it does not. A refusal is a 400
 * naming the field, in the same shape as a schema refusal.
 */

type Problem = { path: (string | number)[]; message: string };
type Schema = z.core.$ZodType | undefined;

// eslint-disable-next-line no-control-regex -- finding these is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const HALF_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ISO_DAY_OR_INSTANT =
  /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

const hex = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

function defOf(schema: Schema): Record<string, unknown> | undefined {
  return (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
}

/** The schema and the wrappers around it (optional, default, pipe …), outermost first. */
function layers(schema: Schema): z.core.$ZodType[] {
  const out: z.core.$ZodType[] = [];
  let current = schema;
  for (let depth = 0; current && depth < 12; depth++) {
    out.push(current);
    const def = defOf(current);
    if (!def) break;
    if (def.innerType) current = def.innerType as z.core.$ZodType;
    else if (def.type === 'lazy') current = (def.getter as () => z.core.$ZodType)();
    else if (def.type === 'pipe') {
      // A transform's output has no shape: follow the side that describes the data.
      const outSide = def.out as z.core.$ZodType;
      current = defOf(outSide)?.type === 'transform' ? (def.in as z.core.$ZodType) : outSide;
    } else break;
  }
  return out;
}

function ruleOf(schema: Schema): InputRule {
  const rule: InputRule = {};
  // Inner marks first, so a mark on the outer wrapper wins.
  for (const layer of layers(schema).reverse()) Object.assign(rule, inputRules.get(layer));
  return rule;
}

/** The schema of one child of a value, where the schema says; undefined otherwise. */
function childOf(schema: Schema, key: string | number): Schema {
  const inner = layers(schema).at(-1);
  const def = defOf(inner);
  if (!def) return undefined;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.core.$ZodType>;
      return shape[key] ?? (def.catchall as Schema);
    }
    case 'array':
      return def.element as Schema;
    case 'record':
      return def.valueType as Schema;
    case 'tuple':
      return (def.items as z.core.$ZodType[])[Number(key)] ?? (def.rest as Schema);
    case 'union':
      for (const option of def.options as z.core.$ZodType[]) {
        const child = childOf(option, key);
        if (child) return child;
      }
      return undefined;
    case 'intersection':
      return childOf(def.left as Schema, key) ?? childOf(def.right as Schema, key);
    default:
      return undefined;
  }
}

function checkText(text: string, rule: InputRule): string | null {
  const control = CONTROL.exec(text);
  if (control) return `must not contain control characters (found ${hex(control[0])})`;
  if (HALF_SURROGATE.test(text)) return 'must not contain half of a surrogate pair';
  const date = ISO_DAY_OR_INSTANT.exec(text);
  if (date) return checkDay(`${date[1]}-${date[2]}-${date[3]}`, rule);
  return null;
}

function checkDay(day: string, rule: InputRule): string | null {
  const { from, to } = rule.dates ?? { from: EARLIEST_DAY, to: LATEST_DAY };
  // Six-digit years (+010000, -000001) sort wrongly as text and are always out of range.
  if (day.length !== 10 || day < from || day > to) {
    return `must be a date from ${from} to ${to}`;
  }
  return null;
}

function checkNumber(n: number | bigint, rule: InputRule): string | null {
  if (typeof n === 'number' && !Number.isFinite(n)) return 'must be a finite number';
  if (rule.bigInteger) return null;
  if (n > INT_LIMIT || n < -INT_LIMIT) {
    return `is out of range: it must be from -${INT_LIMIT} to ${INT_LIMIT}`;
  }
  return null;
}

/** A record of fields: plain objects, and Fastify's null-prototype query and params objects. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]';
}

/** The first value in `value` that breaks a rule, with its path. */
export function findProblem(
  value: unknown,
  schema?: Schema,
  path: (string | number)[] = [],
): Problem | null {
  const fail = (message: string | null) => (message ? { path, message } : null);
  if (typeof value === 'string') return fail(checkText(value, ruleOf(schema)));
  if (typeof value === 'number' || typeof value === 'bigint')
    return fail(checkNumber(value, ruleOf(schema)));
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return fail('is not a valid date');
    return fail(checkDay(value.toISOString().slice(0, 10), ruleOf(schema)));
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = findProblem(value[i], childOf(schema, i), [...path, i]);
      if (problem) return problem;
    }
    return null;
  }
  if (isRecord(value)) {
    for (const [key, child] of Object.entries(value)) {
      const control = CONTROL.exec(key);
      if (control)
        return {
          path: [...path, key],
          message: `has a name with a control character (${hex(control[0])})`,
        };
      const problem = findProblem(child, childOf(schema, key), [...path, key]);
      if (problem) return problem;
    }
  }
  return null;
}

/** A refusal shaped like a zod refusal, so the error handler names the field the same way. */
function asValidationError(problem: Problem): FastifySchemaValidationError[] {
  return [
    {
      [Symbol.for('ZodFastifySchemaValidationError')]: true,
      keyword: 'input_guard',
      instancePath: `/${problem.path.join('/')}`,
      schemaPath: `#/${problem.path.join('/')}/input_guard`,
      message: problem.message,
      params: {},
    },
  ];
}

type GuardResult = { value?: unknown; error?: FastifySchemaValidationError[] };

/** fastify-type-provider-zod's validator compiler, with the guard run on what it parsed. */
export const guardedValidatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const validate = validatorCompiler(route) as (data: unknown) => GuardResult;
  return (data: unknown): GuardResult => {
    const result = validate(data);
    if (result.error) return result;
    const problem = findProblem(result.value, route.schema);
    return problem ? { error: asValidationError(problem) } : result;
  };
};

/** Schema key, request property, and the prefix a refusal's message gets (as errors.ts words it). */
const PARTS = [
  ['params', 'params', 'params '],
  ['querystring', 'query', 'querystring '],
  ['body', 'body', ''],
] as const;

/** The parts a route did not declare are still read by someone: check them too. */
async function guardUndeclaredParts(request: FastifyRequest): Promise<void> {
  if (!request.routeOptions.url?.startsWith('/api/')) return;
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  for (const [part, key, where] of PARTS) {
    if (schema?.[part] ?? (part === 'querystring' && schema?.query)) continue;
    const problem = findProblem(request[key]);
    if (problem) {
      const field = problem.path.join('.');
      const message = field
        ? `${where}field '${field}': ${problem.message}`
        : `${where}${problem.message}`;
      throw badRequest(message, field || undefined);
    }
  }
}

/** Installs the guard: every route, present and future, gets it. */
export function installInputGuard(app: FastifyInstance): void {
  app.setValidatorCompiler(guardedValidatorCompiler);
  app.addHook('preHandler', guardUndeclaredParts);
}
