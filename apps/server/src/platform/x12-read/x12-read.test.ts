import {
  interpret277ca,
  interpret835,
  interpret999,
  parseX12,
  planEraPosting,
  X12Error,
} from '@openpractice/domain';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { read277ca, read835, read999, readX12Document } from './x12-read.ts';

/** The domain's fixtures: the same files its tests read with the domain's own tokenizer. */
const FIXTURES = new URL('../../../../../packages/domain/src/claims/fixtures/', import.meta.url);
const fixture = (name: string): string => readFileSync(new URL(name, FIXTURES), 'utf8');
const received = readdirSync(FIXTURES).filter((name) => /^(ack|era)-.*\.x12$/.test(name));

describe('x12-parser behind our interface reads each file as the domain tokenizer does', () => {
  it('has the fixtures', () => {
    expect(received).toHaveLength(10);
  });

  it.each(received)('%s', async (name) => {
    const text = fixture(name);
    if (name.includes('999')) {
      expect(await read999(text)).toEqual(interpret999(parseX12(text)));
    } else if (name.includes('277ca')) {
      expect(await read277ca(text)).toEqual(interpret277ca(parseX12(text)));
    } else {
      expect(await read835(text)).toEqual(interpret835(parseX12(text)));
    }
  });
});

describe('read835', () => {
  it('reads amounts in cents and components under the file’s own separator (">")', async () => {
    const [remittance] = await read835(fixture('era-plb-recoupment.x12'));
    expect(remittance?.payment.amountCents).toBe(16625);
    expect(remittance?.claims[0]?.lines[1]).toMatchObject({
      procedureCode: '90834',
      modifiers: ['95'],
      paidCents: 7510,
    });
    expect(remittance?.providerAdjustments.map((plb) => [plb.reason, plb.amountCents])).toEqual([
      ['WO', 4500],
      ['L6', -125],
    ]);
  });

  it.each([
    ['with CRLF line breaks', (text: string) => text.replace(/~\n/g, '~\r\n')],
    ['on one line', (text: string) => text.replace(/~\n/g, '~')],
    ['after a byte order mark and blank lines', (text: string) => `\uFEFF\n\n${text}\n\n`],
  ])('reads the same file %s', async (_case, reshape) => {
    const text = fixture('era-partly-paid.x12');
    expect(await read835(reshape(text))).toEqual(await read835(text));
  });

  it('keeps letters outside ASCII as they came (the library would read ASCII by default)', async () => {
    const text = fixture('era-paid-in-full.x12').replace('NM1*QC*1*DOE*EMMA', 'NM1*QC*1*DOÉ*EMMA');
    const [remittance] = await read835(text);
    expect(remittance?.claims[0]?.patient.lastName).toBe('DOÉ');
  });

  it('posts the same ERA read twice once', async () => {
    const text = fixture('era-paid-in-full.x12');
    const ours = [
      {
        claimId: 'claim-1003',
        patientControlNumber: 'C1003-1',
        lines: [
          {
            lineId: 'line-1',
            lineControlNumber: 'L1003-1',
            procedureCode: '90832',
            dateOfService: '2024-06-20',
            chargeCents: 9000,
          },
        ],
        postings: [],
      },
    ];
    const [first] = await read835(text);
    const [again] = await read835(text);
    if (!first || !again) throw new Error('no remittance');
    const posted = planEraPosting(first, ours, new Set());
    expect(posted.postings).toHaveLength(1);
    const twice = planEraPosting(again, ours, new Set(posted.postings.map((p) => p.key)));
    expect(twice.postings).toEqual([]);
    expect(twice.alreadyPosted).toEqual([posted.postings[0]?.key]);
  });
});

const paid = fixture('era-paid-in-full.x12');

describe('bad input is an X12Error with a clear message, never the library’s own error', () => {
  it.each([
    ['an empty file', '', /must start with an ISA segment/],
    [
      'a letter, not X12',
      'Dear biller, please find our payment enclosed.',
      /must start with an ISA/,
    ],
    ['a PDF', '%PDF-1.7\n%âãÏÓ\n1 0 obj', /must start with an ISA segment/],
    [
      'an ISA not padded to its fixed width',
      paid.replace('*ZZ*CLEARINGHOUSE  *', '*ZZ*CLEARINGHOUSE*'),
      /exactly 106 characters/,
    ],
    ['a file cut short', paid.slice(0, paid.indexOf('SE*')), /incomplete/],
    ['a wrong segment count', paid.replace(/SE\*\d+\*/, 'SE*7*'), /SE01 is 7 but/],
  ])('%s', async (_case, text, message) => {
    await expect(read835(text)).rejects.toThrow(X12Error);
    await expect(read835(text)).rejects.toThrow(message);
  });

  it.each([
    ['an 835 read as a 999', () => read999(paid), /not a 999 implementation acknowledgment/],
    ['an 835 read as a 277CA', () => read277ca(paid), /not a 277CA claim acknowledgment/],
    [
      'a 999 read as an 835',
      () => read835(fixture('ack-999-accepted.x12')),
      /not an 835 remittance advice: it holds 999/,
    ],
  ])('%s', async (_case, read, message) => {
    await expect(read()).rejects.toThrow(message);
  });

  it('gives the segments of a sound file in order', async () => {
    const document = await readX12Document(paid);
    expect(document.segments.map((segment) => segment.id).slice(0, 4)).toEqual([
      'ISA',
      'GS',
      'ST',
      'BPR',
    ]);
    expect(document.segments.at(-1)?.id).toBe('IEA');
  });
});
