import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findProblem } from './input-guard.ts';
import { scrubText, serializeError } from './log.ts';
import {
  bigIntegerSchema,
  dateSchema,
  idParamSchema,
  idSchema,
  instantSchema,
  textSchema,
} from '@openpractice/contracts';

describe('findProblem', () => {
  it('refuses control characters but lets tab, CR and LF through', () => {
    expect(findProblem({ a: 'x\u0000' })).toEqual({
      path: ['a'],
      message: 'must not contain control characters (found U+0000)',
    });
    expect(findProblem({ a: ['ok', 'x\u009b'] })?.path).toEqual(['a', 1]);
    expect(findProblem({ a: 'line\r\n\tnext' })).toBeNull();
    expect(findProblem({ a: '\ud800 half' })?.message).toMatch(/surrogate/);
    expect(findProblem({ a: '😀 whole pair' })).toBeNull();
    expect(findProblem({ ['bad\u0001key']: 1 })?.message).toMatch(/name with a control/);
  });

  it('bounds numbers to ±2,147,483,647 unless the schema says big', () => {
    expect(findProblem({ id: 2147483647 })).toBeNull();
    expect(findProblem({ id: 2147483648 })?.path).toEqual(['id']);
    expect(findProblem({ id: -2147483648 })?.path).toEqual(['id']);
    expect(findProblem({ n: Infinity })?.message).toBe('must be a finite number');
    const schema = z.object({ auditRowId: bigIntegerSchema(), other: z.number() });
    expect(findProblem({ auditRowId: 2 ** 40, other: 1 }, schema)).toBeNull();
    expect(findProblem({ auditRowId: 1, other: 2 ** 40 }, schema)?.path).toEqual(['other']);
  });

  it('bounds ISO dates and instants to 1900 … 2200 unless the field widens the range', () => {
    expect(findProblem({ d: '1899-12-31' })?.message).toBe(
      'must be a date from 1900-01-01 to 2200-12-31',
    );
    expect(findProblem({ d: '2200-12-31T23:59:59Z' })).toBeNull();
    expect(findProblem({ d: '2201-01-01T00:00:00+02:00' })?.path).toEqual(['d']);
    expect(findProblem({ d: '+010000-01-01' })?.path).toEqual(['d']);
    expect(findProblem({ d: new Date('1800-01-01') })?.path).toEqual(['d']);
    // Text that merely mentions a date is text.
    expect(findProblem({ note: 'born 1850-01-01' })).toBeNull();
    const schema = z.object({ birth: dateSchema({ from: '1800-01-01' }).optional() });
    expect(findProblem({ birth: '1850-01-01' }, schema)).toBeNull();
  });
});

describe('shared schemas', () => {
  it('ids run from 1 to 2,147,483,647', () => {
    expect(idSchema.safeParse(1).success).toBe(true);
    expect(idSchema.safeParse(0).success).toBe(false);
    expect(idSchema.safeParse(2147483648).success).toBe(false);
    expect(idSchema.safeParse(1.5).success).toBe(false);
    expect(idParamSchema.safeParse('42').data).toBe(42);
    expect(idParamSchema.safeParse('2147483648').success).toBe(false);
  });

  it('single-line text refuses line breaks; multi-line text keeps them', () => {
    expect(textSchema(20).safeParse('a\nb').success).toBe(false);
    expect(textSchema(20, { multiline: true }).safeParse('a\n\tb').success).toBe(true);
    expect(textSchema(20, { multiline: true }).safeParse('a\u0000b').success).toBe(false);
  });

  it('dates and instants keep to their range', () => {
    expect(dateSchema().safeParse('0000-01-01').success).toBe(false);
    expect(dateSchema().safeParse('2026-02-30').success).toBe(false);
    expect(dateSchema({ to: '2026-12-31' }).safeParse('2027-01-01').success).toBe(false);
    expect(instantSchema().safeParse('9999-12-31T00:00:00Z').success).toBe(false);
    expect(instantSchema().safeParse('2026-03-02T15:00:00-05:00').success).toBe(true);
  });
});

describe('log serializers', () => {
  it('keep class, code and frames of a database error, never its query, parameters or message', () => {
    const pgError = Object.assign(new Error('invalid input syntax for type integer: "CANARY"'), {
      code: '22P02',
      severity: 'ERROR',
    });
    const drizzleError = Object.assign(new Error('Failed query: select $1\nparams: CANARY'), {
      query: 'select $1',
      params: ['CANARY'],
      cause: pgError,
    });
    const logged = JSON.stringify(serializeError(drizzleError));
    expect(logged).not.toContain('CANARY');
    expect(logged).not.toContain('select');
    expect(serializeError(drizzleError)).toMatchObject({ type: 'Error', cause: { code: '22P02' } });
  });

  it('scrub storage tokens and query strings from messages', () => {
    expect(scrubText('GET /api/storage/file/eyJhbGciOi.abc_DEF-123 failed')).toBe(
      'GET /api/storage/file/:token failed',
    );
    expect(scrubText('"/api/patient/findPatients?search=Hamilton"')).toBe(
      '"/api/patient/findPatients"',
    );
  });
});
