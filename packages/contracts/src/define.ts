import { z } from 'zod';

/**
 * The one error envelope: every non-2xx answer of the API has this shape.
 * `csrf-expired` tells the web client to refetch its CSRF token and retry once.
 */
export const errorEnvelope = z.object({
  status: z.enum(['error', 'csrf-expired']),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The parts of a call, in Fastify's schema shape so a route can take it as is. */
export interface CallSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The success answers by status (200, 201, 204…); the error envelope is added for you. */
  response: { [status: number]: z.ZodType };
  /** Kept out of the OpenAPI document (e.g. a test-only route). */
  hide?: boolean;
  description?: string;
}

type WithErrors<S extends CallSchema> = Omit<S, 'response'> & {
  response: S['response'] & { '4xx': typeof errorEnvelope; '5xx': typeof errorEnvelope };
};

/** One API call: method, path (Fastify syntax, under /api) and schemas. */
export interface Call<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends CallSchema = CallSchema,
> {
  readonly method: M;
  readonly path: P;
  readonly schema: WithErrors<S>;
}

/**
 * Declares a call. The server registers its route from this (`route(app, call, …)`), the web
 * takes its types from it with `import type` (no zod at runtime in the browser's entry).
 */
export function defineCall<
  const M extends HttpMethod,
  const P extends string,
  const S extends CallSchema,
>(method: M, path: P, schema: S): Call<M, P, S> {
  const call: Call<M, P, S> = {
    method,
    path,
    schema: {
      ...schema,
      response: { ...schema.response, '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
  };
  callBySchema.set(call.schema, call);
  return call;
}

const callBySchema = new WeakMap<object, Call>();

/** The call a route's schema object came from: how the server proves a route is registered from its contract. */
export function callOfSchema(schema: unknown): Call | undefined {
  return typeof schema === 'object' && schema !== null ? callBySchema.get(schema) : undefined;
}

type SuccessStatus = 200 | 201 | 202 | 204;
type SuccessSchema<C extends Call> = C['schema']['response'][Extract<
  keyof C['schema']['response'],
  SuccessStatus
>];

/** What travels on the wire for a successful answer (what the browser reads). */
export type ResponseOf<C extends Call> = z.input<SuccessSchema<C>>;
/** What the request body may hold as sent. */
export type BodyOf<C extends Call> = C['schema']['body'] extends z.ZodType
  ? z.input<C['schema']['body']>
  : never;
/** The query parameters as sent. */
export type QueryOf<C extends Call> = C['schema']['querystring'] extends z.ZodType
  ? z.input<C['schema']['querystring']>
  : never;
/** The path parameters as sent. */
export type ParamsOf<C extends Call> = C['schema']['params'] extends z.ZodType
  ? z.input<C['schema']['params']>
  : never;
