import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, testApp, type TestApp } from './harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

describe('one contract per call', () => {
  it('refuses to start with a route not registered from its contract, or on another path', async () => {
    const { default: Fastify } = await import('fastify');
    const { enforceContracts } = await import('../src/platform/contract-routes.ts');
    const { listTherapists } = await import('@openpractice/contracts/practice');
    const bare = Fastify();
    enforceContracts(bare);
    expect(() => bare.get('/api/example', () => ({}))).toThrow(
      'Route GET /api/example is not registered from a contract',
    );
    expect(() => bare.get('/api/other', { schema: listTherapists.schema }, () => ({}))).toThrow(
      'uses the contract of GET /practice/listTherapists',
    );
    expect(() =>
      bare.post('/api/practice/listTherapists', { schema: listTherapists.schema }, () => ({})),
    ).toThrow('uses the contract of GET /practice/listTherapists');
    await bare.close();
  });

  it('documents a response schema for every route', async () => {
    const owner = await signedIn(t.app, 'owner');
    const doc: {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: unknown }> }>>;
    } = (await owner.get('/api/docs')).json();
    const missing = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(
          ([, op]) =>
            !Object.entries(op.responses ?? {}).some(
              ([code, answer]) => code === '204' || (code.startsWith('2') && answer.content),
            ),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`)
        .filter((route) => !route.startsWith('HEAD ')),
    );
    expect(missing).toEqual([]);
  });

  it('refuses an answer that carries a field its contract does not name', async () => {
    const { contractSerializer } = await import('../src/platform/contract-routes.ts');
    const { z } = await import('zod');
    const serialize = contractSerializer(true)({
      schema: z.object({ name: z.string() }),
      method: 'GET',
      url: '/api/example',
      httpStatus: '200',
    });
    expect(serialize({ name: 'A' })).toBe('{"name":"A"}');
    expect(() => serialize({ name: 'A', dateOfBirth: '1980-01-01' })).toThrow(
      'carries dateOfBirth, which its contract does not name',
    );
    expect(() => serialize({ name: 1 })).toThrow('breaks its contract at name');
    // Unchecked (production) answers are stringified as they are.
    const fast = contractSerializer(false)({
      schema: z.object({ name: z.string() }),
      method: 'GET',
      url: '/api/example',
      httpStatus: '200',
    });
    expect(fast({ name: 'A' })).toBe('{"name":"A"}');
  });
});
