import Fastify from 'fastify';
import type { Budget } from './budget.ts';
import { loadInTurns } from './load.ts';
import { ms } from './support.ts';

/**
 * Budget 1: what the platform adds to every call. An authenticated call that does nothing
 * but answer from the session (GET /api/user/contact) against a bare Fastify "hello",
 * both driven by the same load; the ratio is of answers per second.
 */
export async function sessionBudget(base: string, cookie: string): Promise<Budget> {
  const bare = Fastify();
  bare.get('/hello', () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
  const [hello, noOp] = await loadInTurns([
    { url: `${bareUrl}/hello` },
    { url: `${base}/api/user/contact`, headers: { cookie } },
  ]);
  await bare.close();
  if (!hello || !noOp) throw new Error('no load measured');
  if (noOp.failed > 0) throw new Error(`GET /api/user/contact failed ${noOp.failed} times`);
  return {
    name: 'Authenticated no-op call ÷ bare Fastify hello (answers per second)',
    ratio: noOp.perSecond / hello.perSecond,
    target: { atLeast: 0.5 },
    p50: noOp.p50,
    p95: noOp.p95,
    detail:
      `GET /api/user/contact ${noOp.perSecond.toFixed(0)}/s; hello ${hello.perSecond.toFixed(0)}/s ` +
      `(p50 ${ms(hello.p50)}, p95 ${ms(hello.p95)}); 10 connections, five 1-s turns each`,
  };
}
