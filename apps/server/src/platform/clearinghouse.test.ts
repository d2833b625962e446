import { build270, envelopeIssues, parse271, parseX12 } from '@openpractice/domain';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClearinghouse, DEFAULT_SAMPLES_DIR, sampleCandidates } from './clearinghouse.ts';

describe('sampleCandidates', () => {
  it.each([
    ['60054', 'w123', ['60054.W123.271', 'default.W123.271', '60054.271', 'default.271']],
    ['60054', 'W 12/3', ['60054.271', 'default.271']],
    ['../etc', 'W1', ['default.W1.271', 'default.271']],
    ['', '', ['default.271']],
  ])('payer %j, member %j: %j', (payerId, memberId, expected) => {
    expect(sampleCandidates(payerId, memberId)).toEqual(expected);
  });
});

describe('the shipped sample answers', () => {
  const files = readdirSync(DEFAULT_SAMPLES_DIR).filter((f) => f.endsWith('.271'));

  it('include a default', () => {
    expect(files).toContain('default.271');
  });

  it.each(files)('%s is a sound 271', (file) => {
    const text = readFileSync(join(DEFAULT_SAMPLES_DIR, file), 'utf8');
    expect(envelopeIssues(parseX12(text).segments)).toEqual([]);
    expect(() => parse271(text)).not.toThrow();
  });
});

describe('the local adapter', () => {
  const adapter = createClearinghouse({});
  const request = (memberId: string, payerId: string) => {
    const built = build270({
      ...adapter.envelope,
      payer: { name: 'Payer', payerId },
      provider: { npi: '1528461035', firstName: 'Theresa', lastName: 'Quinn' },
      interchangeControlNumber: 5,
      groupControlNumber: 5,
      transactionControlNumber: 5,
      traceNumber: 'ELIG000000005',
      date: '2026-03-02',
      time: '09:00',
      subscriber: { memberId, firstName: 'Ann', lastName: 'Lee', dob: '1980-01-01' },
      serviceTypeCodes: ['MH'],
    });
    if (!built.ok) throw new Error(JSON.stringify(built.errors));
    return built.text;
  };

  it('is in test mode and sends T', () => {
    expect(adapter.mode).toBe('local');
    expect(adapter.envelope.usage).toBe('T');
  });

  it.each([
    ['W1', '14212', 'inactive', 0],
    ['W1', 'UNKNOWN', 'active', 0],
    ['badid', '60054', 'unknown', 2],
    ['PAYERDOWN', '62308', 'unknown', 1],
  ])('member %s at payer %s: %s coverage, %i rejections', async (member, payer, coverage, n) => {
    const answer = parse271(await adapter.send270(request(member, payer), payer));
    expect(answer.coverage).toBe(coverage);
    expect(answer.rejections).toHaveLength(n);
    expect(answer.traceNumber === null || answer.traceNumber === 'ELIG000000005').toBe(true);
  });
});
