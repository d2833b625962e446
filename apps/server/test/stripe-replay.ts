import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for api.stripe.com that answers recorded, Stripe-shaped responses (stripe-mock
 * is not available here). It keeps every request it saw, so tests can prove what we sent (our
 * idempotency key, opaque metadata only) and, like Stripe, it answers a repeated idempotency key
 * with the first answer.
 */

export type SeenRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: URLSearchParams;
  raw: string;
  /** The key the request was made with (which account it spoke for). */
  bearer: string;
};

const CARD = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 };

/** The answers, as Stripe gives them for API version 2026-10-28 (only the fields we read). */
function answer(method: string, path: string, form: URLSearchParams, n: number, bearer: string) {
  // Checking a practice's keys: a key Stripe does not know answers as Stripe does.
  if (method === 'GET' && path === '/v1/account')
    return bearer === 'sk_test_refused'
      ? {
          status: 401,
          body: {
            error: {
              type: 'invalid_request_error',
              message: 'Invalid API Key provided: sk_test_****used',
            },
          },
        }
      : {
          status: 200,
          body: {
            id: 'acct_practice1',
            object: 'account',
            email: 'billing@practice.example',
            settings: { dashboard: { display_name: 'Calm Waters Counseling' } },
          },
        };
  if (method === 'POST' && path === '/v1/customers')
    return { status: 200, body: { id: 'cus_test1', object: 'customer' } };
  if (method === 'POST' && path === '/v1/setup_intents')
    return {
      status: 200,
      body: {
        id: 'seti_test1',
        object: 'setup_intent',
        status: 'requires_payment_method',
        customer: form.get('customer'),
        client_secret: 'seti_test1_secret_abc',
      },
    };
  if (method === 'GET' && path === '/v1/setup_intents/seti_test1')
    return {
      status: 200,
      body: {
        id: 'seti_test1',
        object: 'setup_intent',
        status: 'succeeded',
        customer: 'cus_test1',
        payment_method: { id: 'pm_test1', object: 'payment_method', type: 'card', card: CARD },
      },
    };
  if (method === 'POST' && path === '/v1/payment_intents') {
    // A recorded decline: Stripe's card_error for the generic decline test card.
    if (form.get('amount') === '402')
      return {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Your card was declined.',
          },
        },
      };
    // Our key sent again with other details.
    if (form.get('amount') === '409')
      return {
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message: 'Keys for idempotent requests can only be used with the same parameters.',
          },
        },
      };
    // Stripe failing on its side (the SDK retries these, then gives up).
    if (form.get('amount') === '503')
      return { status: 500, body: { error: { type: 'api_error', message: 'Internal error.' } } };
    return {
      status: 200,
      body: {
        id: `pi_test${n}`,
        object: 'payment_intent',
        status: 'succeeded',
        amount: Number(form.get('amount')),
        currency: 'usd',
      },
    };
  }
  if (method === 'POST' && path === '/v1/refunds')
    return { status: 200, body: { id: `re_test${n}`, object: 'refund', status: 'succeeded' } };
  if (method === 'GET' && path === '/v1/payment_methods/pm_test1')
    return {
      status: 200,
      body: {
        id: 'pm_test1',
        object: 'payment_method',
        type: 'card',
        card: { ...CARD, exp_month: 1, exp_year: 2036 },
      },
    };
  if (method === 'POST' && path === '/v1/payment_methods/pm_test1/detach')
    return {
      status: 200,
      body: { id: 'pm_test1', object: 'payment_method', customer: null, card: CARD },
    };
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', message: `No such route ${path}` } },
  };
}

export async function stripeReplay(): Promise<{
  url: string;
  seen: SeenRequest[];
  close: () => Promise<void>;
}> {
  const seen: SeenRequest[] = [];
  const byKey = new Map<string, { status: number; body: unknown }>();
  let n = 0;
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const form = new URLSearchParams(request.method === 'GET' ? url.search : raw);
      const key = request.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      seen.push({
        method: request.method ?? '',
        path: url.pathname,
        idempotencyKey,
        form,
        raw,
        bearer,
      });
      n += 1;
      const earlier = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
      const result = earlier ?? answer(request.method ?? '', url.pathname, form, n, bearer);
      if (idempotencyKey) byKey.set(idempotencyKey, result);
      response.writeHead(result.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}
