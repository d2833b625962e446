import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIMITERS,
  components,
  detectDelimiters,
  element,
  envelopeIssues,
  parseX12,
  repetitions,
  seg,
  serializeSegment,
  serializeSegments,
  tokenize,
  X12Error,
  type X12Delimiters,
} from './segments.ts';

const ISA_STAR =
  'ISA*00*          *00*          *ZZ*SENDER         *ZZ*RECEIVER       *240615*1030*^*00501*000000001*0*T*:~';

describe('detectDelimiters', () => {
  it.each<[string, string, X12Delimiters]>([
    ['standard', ISA_STAR, { element: '*', component: ':', segment: '~', repetition: '^' }],
    [
      'pipes and braces',
      'ISA|00|          |00|          |ZZ|SENDER         |ZZ|RECEIVER       |240615|1030|{|00501|000000001|0|T|>~',
      { element: '|', component: '>', segment: '~', repetition: '{' },
    ],
    [
      'newline terminator',
      `${ISA_STAR.slice(0, -1)}\nGS*HB`,
      { element: '*', component: ':', segment: '\n', repetition: '^' },
    ],
    [
      'older version without repetition separator',
      'ISA*00*          *00*          *ZZ*SENDER         *ZZ*RECEIVER       *240615*1030*U*00401*000000001*0*T*:~',
      { element: '*', component: ':', segment: '~', repetition: '' },
    ],
    [
      'leading byte order mark and blank lines, unpadded ids',
      '\uFEFF\r\n ISA*00**00**ZZ*S*ZZ*R*240615*1030*^*00501*1*0*P*:~',
      { element: '*', component: ':', segment: '~', repetition: '^' },
    ],
  ])('%s', (_name, text, expected) => {
    expect(detectDelimiters(text)).toEqual(expected);
  });

  it.each([
    ['empty', ''],
    ['not ISA', 'GS*HB*A*B~'],
    ['letter separator', 'ISAX00X'],
    ['too few elements', 'ISA*00*          *00~'],
  ])('rejects %s', (_name, text) => {
    expect(() => detectDelimiters(text)).toThrow(X12Error);
  });
});

describe('tokenize and parseX12', () => {
  it('splits segments and elements and skips line breaks and blank segments', () => {
    const doc = parseX12(`${ISA_STAR}\r\nGS*HB*A*B~\n\n~NM1*IL*1*DOE*JANE****MI*123~\r\n`);
    expect(doc.segments.map((s) => s.id)).toEqual(['ISA', 'GS', 'NM1']);
    const nm1 = doc.segments[2] ?? seg('');
    expect(element(nm1, 1)).toBe('IL');
    expect(element(nm1, 3)).toBe('DOE');
    expect(element(nm1, 9)).toBe('123');
    expect(element(nm1, 12)).toBe('');
    expect(element(doc.segments[0] ?? seg(''), 6)).toBe('SENDER         ');
  });

  it('tokenizes with newline as the segment terminator and CRLF line ends', () => {
    const delimiters = { ...DEFAULT_DELIMITERS, segment: '\n' };
    expect(tokenize('ST*271*0001\r\nSE*2*0001\r\n', delimiters)).toEqual([
      { id: 'ST', elements: ['271', '0001'] },
      { id: 'SE', elements: ['2', '0001'] },
    ]);
  });

  it.each<[string, string, string[]]>([
    ['repetitions', 'MH^30^A6', ['MH', '30', 'A6']],
    ['single', 'MH', ['MH']],
    ['empty', '', []],
  ])('repetitions: %s', (_name, value, expected) => {
    expect(repetitions(value, DEFAULT_DELIMITERS)).toEqual(expected);
  });

  it('does not split repetitions when the interchange has no repetition separator', () => {
    expect(repetitions('MH^30', { ...DEFAULT_DELIMITERS, repetition: '' })).toEqual(['MH^30']);
  });

  it.each<[string, string[]]>([
    ['HC:90837', ['HC', '90837']],
    ['HC:90837:95', ['HC', '90837', '95']],
    ['', []],
  ])('components of %j', (value, expected) => {
    expect(components(value, DEFAULT_DELIMITERS)).toEqual(expected);
  });
});

describe('serialize', () => {
  it.each<[string, string[], string]>([
    ['drops trailing empty elements', ['NM1', 'PR', '2', 'ACME', '', '', ''], 'NM1*PR*2*ACME'],
    ['keeps inner empty elements', ['HL', '1', '', '20', '1'], 'HL*1**20*1'],
    ['segment with no elements', ['LE'], 'LE'],
  ])('%s', (_name, [id = '', ...elements], expected) => {
    expect(serializeSegment(seg(id, ...elements))).toBe(expected);
  });

  it('keeps trailing spaces and empties in ISA', () => {
    expect(serializeSegment(seg('ISA', '00', '  '))).toBe('ISA*00*  ');
  });

  it('round trips through the tokenizer, also with other separators and line breaks', () => {
    const doc = parseX12(`${ISA_STAR}GS*HB*A*B~ST*271*0001~EB*1*IND*30^MH~SE*3*0001~`);
    expect(serializeSegments(doc.segments, doc.delimiters)).toBe(
      `${ISA_STAR}GS*HB*A*B~ST*271*0001~EB*1*IND*30^MH~SE*3*0001~`,
    );
    const pipes = { element: '|', component: '>', segment: '~', repetition: '{' };
    const text = serializeSegments(doc.segments.slice(1), pipes, { lineBreaks: true });
    expect(text).toBe('GS|HB|A|B~\nST|271|0001~\nEB|1|IND|30^MH~\nSE|3|0001~\n');
    expect(tokenize(text, pipes)).toEqual(doc.segments.slice(1));
  });
});

describe('envelopeIssues', () => {
  const sound = [
    seg('ISA', ...Array.from({ length: 12 }, () => ''), '000000007', '0', 'T', ':'),
    seg('GS', 'HS', 'A', 'B', '20240615', '1030', '7', 'X', '005010X279A1'),
    seg('ST', '270', '0001'),
    seg('BHT'),
    seg('SE', '3', '0001'),
    seg('GE', '1', '7'),
    seg('IEA', '1', '000000007'),
  ];

  it('accepts a sound envelope', () => {
    expect(envelopeIssues(sound)).toEqual([]);
  });

  it.each<[string, number, string[], string]>([
    ['wrong SE count', 4, ['SE', '4', '0001'], 'SE01 is 4 but the transaction has 3 segments.'],
    ['SE control mismatch', 4, ['SE', '3', '0002'], 'SE02 does not match ST02.'],
    ['GE control mismatch', 5, ['GE', '1', '8'], 'GE02 does not match GS06.'],
    ['wrong GE count', 5, ['GE', '2', '7'], 'GE01 is 2 but the group has 1 transactions.'],
    ['IEA control mismatch', 6, ['IEA', '1', '000000008'], 'IEA02 does not match ISA13.'],
    [
      'wrong IEA count',
      6,
      ['IEA', '0', '000000007'],
      'IEA01 is 0 but the interchange has 1 groups.',
    ],
  ])('reports %s', (_name, index, [id = '', ...elements], issue) => {
    const broken = sound.map((s, i) => (i === index ? seg(id, ...elements) : s));
    expect(envelopeIssues(broken)).toEqual([issue]);
  });
});
