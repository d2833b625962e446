import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { timestamp, unchangedAnswer } from './common.ts';
import { callOfSchema, defineCall, errorEnvelope } from './define.ts';

describe('defineCall', () => {
  const call = defineCall('GET', '/thing/:id', {
    params: z.object({ id: z.coerce.number() }),
    response: { 200: z.object({ name: z.string() }) },
  });

  it('adds the one error envelope to every call', () => {
    expect(call.schema.response['4xx']).toBe(errorEnvelope);
    expect(call.schema.response['5xx']).toBe(errorEnvelope);
    expect(call.schema.response[200].parse({ name: 'A' })).toEqual({ name: 'A' });
  });

  it('knows which call a route schema came from, and nothing else', () => {
    expect(callOfSchema(call.schema)).toBe(call);
    expect(callOfSchema({ response: {} })).toBeUndefined();
    expect(callOfSchema(undefined)).toBeUndefined();
  });
});

describe('wire primitives', () => {
  it.each([
    [new Date('2026-03-02T15:00:00.000Z'), '2026-03-02T15:00:00.000Z'],
    ['2026-03-02T15:00:00.000Z', '2026-03-02T15:00:00.000Z'],
  ])('a timestamp goes on the wire as the ISO text JSON.stringify gives (%s)', (value, wire) => {
    expect(z.encode(timestamp, value)).toBe(wire);
    expect(JSON.parse(JSON.stringify({ at: value }))).toEqual({ at: wire });
  });

  it('the error envelope refuses an unknown status', () => {
    expect(errorEnvelope.safeParse({ status: 'failure', message: 'x' }).success).toBe(false);
    expect(unchangedAnswer.parse({ status: 'unchanged' })).toEqual({ status: 'unchanged' });
  });
});
