import { describe, expect, it } from 'vitest';
import {
  cms1500Forms,
  cmsAmount,
  cmsDate6,
  cmsDate8,
  cmsPersonName,
  cmsText,
  type Cms1500Form,
} from './cms1500-boxes.ts';
import {
  correctedClaim,
  delimiterClaim,
  dependentClaim,
  groupClaim,
  individualClaim,
  secondaryClaim,
} from './fixtures/claims.ts';
import type { Claim, ServiceLine } from './model.ts';

const PRINTED_ON = '2024-07-01';
const only = (claim: Claim): Cms1500Form => {
  const forms = cms1500Forms(claim, PRINTED_ON);
  expect(forms).toHaveLength(1);
  return forms[0] as Cms1500Form;
};

describe('CMS-1500 values', () => {
  it.each<[number, string, string]>([
    [0, '0', '00'],
    [5, '0', '05'],
    [15000, '150', '00'],
    [15050, '150', '50'],
    [123456789, '1234567', '89'],
  ])('%i cents are %s dollars and %s cents, with no punctuation', (cents, dollars, c) => {
    expect(cmsAmount(cents)).toEqual({ dollars, cents: c });
    expect(`${dollars}${c}`).toMatch(/^\d+$/);
  });

  it('refuses an amount that is not whole, positive cents', () => {
    expect(() => cmsAmount(1.5)).toThrow(RangeError);
    expect(() => cmsAmount(-100)).toThrow(RangeError);
  });

  it.each<[string, string]>([
    ['José Müller', 'JOSE MULLER'],
    ['  o’brien   jr ', "O'BRIEN JR"],
    ['', ''],
  ])('text %j is printed as %j (capitals, no accents)', (input, printed) => {
    expect(cmsText(input)).toBe(printed);
  });

  it('dates: 8 digits for birth dates, 6 for service dates, spaces between', () => {
    expect(cmsDate8('1985-04-12')).toBe('04 12 1985');
    expect(cmsDate6('2024-06-17')).toBe('06 17 24');
    expect(cmsDate8(null)).toBe('');
    expect(cmsDate6('not a date')).toBe('');
  });

  it('names: LAST, FIRST, MIDDLE INITIAL with the suffix after the last name', () => {
    expect(
      cmsPersonName({ lastName: 'Smith', firstName: 'John', middleName: 'Quincy', suffix: 'Jr' }),
    ).toBe('SMITH JR, JOHN, Q');
    expect(cmsPersonName({ lastName: 'Doe', firstName: 'Jane' })).toBe('DOE, JANE');
  });
});

describe('cms1500Forms: the boxes', () => {
  it('a client who holds the policy: self, the same person in 2 and 4', () => {
    const { fields, lines } = only(individualClaim);
    expect(fields).toMatchObject({
      '1.group': 'X',
      '1a': 'W123456789',
      '2': 'DOE, JANE',
      '3.dob': '04 12 1985',
      '3.sex.f': 'X',
      '4': 'DOE, JANE',
      '6.self': 'X',
      '7.street': '400 OAK AVE',
      '11': 'GRP100',
      '11a.dob': '04 12 1985',
      '11c': 'ACME HEALTH PLAN',
      '11d.no': 'X',
      '12': 'SIGNATURE ON FILE',
      '12.date': '07 01 24',
      '13': 'SIGNATURE ON FILE',
      '21.ind': '0',
      '21.A': 'F411',
      '21.B': 'F331',
      '25': '123456789',
      '25.ssn': 'X',
      '26': 'C1001-1',
      '27.yes': 'X',
      '28.dollars': '300',
      '28.cents': '50',
      '31': 'ANA L RIVERA',
      '31.date': '07 01 24',
      '32.name': 'ANA L RIVERA',
      '32a': '1245319599',
      '33.name': 'ANA L RIVERA',
      '33.street': '12 MAIN ST',
      '33.city': 'SPRINGFIELD IL 62701-1234',
      '33a': '1245319599',
      '33b': 'ZZ101YP2500X',
    });
    expect(fields['6.child']).toBeUndefined();
    expect(fields['17']).toBe('');
    expect(lines).toEqual([
      {
        from: '06 17 24',
        to: '06 17 24',
        place: '11',
        procedure: '90837',
        modifiers: [],
        pointer: 'AB',
        charge: { dollars: '150', cents: '00' },
        units: '1',
        renderingNpi: '',
      },
      expect.objectContaining({ pointer: 'A', charge: { dollars: '150', cents: '50' } }),
    ]);
  });

  it('a dependent: the child in 2, 3 and 5, the parent in 4 and 11a, relationship child', () => {
    const { fields } = only(dependentClaim);
    expect(fields).toMatchObject({
      '2': 'DOE, EMMA',
      '3.dob': '07 04 2012',
      '4': 'DOE, JANE',
      '5.street': '400 OAK AVE',
      '5.zip': '62702',
      '6.child': 'X',
      '11a.dob': '04 12 1985',
      '11a.sex.f': 'X',
    });
    expect(fields['6.self']).toBeUndefined();
    expect(fields['7.street']).toBeUndefined();
  });

  it('a group: organisation, EIN, rendering NPI per line, supervisor in 17, facility in 32', () => {
    const { fields, lines } = only(groupClaim);
    expect(fields).toMatchObject({
      '1.group': 'X',
      '2': 'SMITH JR, JOHN, Q',
      '3.sex.m': 'X',
      '11': 'CITY WORKERS',
      '17.qualifier': 'DQ',
      '17': 'BEN OKAFOR',
      '17b': '1444444446',
      '21.C': 'F411',
      '23': 'AUTH-7788',
      '25': '123456789',
      '25.ein': 'X',
      '31': 'KIM NGUYEN',
      '32.name': 'RIVERSIDE EAST OFFICE',
      '32.city': 'SPRINGFIELD IL 62704-0080',
      '32a': '1555555550',
      '33.name': 'RIVERSIDE COUNSELING GROUP',
      '33.city': 'SPRINGFIELD IL 62703-1234',
      payerName: 'BLUE PLAN OF ILLINOIS',
      payerCity: 'CHICAGO IL 60680-4112',
    });
    expect(lines.map((l) => [l.place, l.modifiers, l.pointer, l.renderingNpi])).toEqual([
      ['11', ['HO'], 'ABC', '1111111112'],
      ['10', ['95', 'HO'], 'A', '1111111112'],
    ]);
  });

  it('a secondary claim: another plan exists (11d), the primary’s payment in 29', () => {
    const { fields } = only(secondaryClaim);
    expect(fields).toMatchObject({ '11d.yes': 'X', '29.dollars': '180', '29.cents': '00' });
  });

  it('a corrected claim: resubmission code 7 and the payer’s original number in 22', () => {
    expect(only(correctedClaim).fields).toMatchObject({
      '22.code': '7',
      '22.original': '2024170000123',
    });
  });

  it('prints capitals without accents or stray lower case anywhere', () => {
    const { fields } = only(delimiterClaim);
    for (const value of Object.values(fields)) expect(value).toBe(value.toUpperCase());
    expect(JSON.stringify(fields)).not.toMatch(/[À-ÿ]/);
  });
});

describe('cms1500Forms: more than six lines', () => {
  const line = (n: number): ServiceLine => ({
    procedureCode: '90834',
    modifiers: [],
    diagnosisPointers: [1],
    units: 1,
    chargeCents: 10000 + n,
    dateOfService: `2024-06-${String(n).padStart(2, '0')}`,
    lineControlNumber: `L1-${String(n)}`,
  });

  it.each<[number, number[]]>([
    [1, [1]],
    [6, [6]],
    [7, [6, 1]],
    [12, [6, 6]],
    [13, [6, 6, 1]],
  ])('%i lines print on forms of %j lines', (count, perForm) => {
    const lines = Array.from({ length: count }, (_v, i) => line(i + 1));
    const forms = cms1500Forms({ ...individualClaim, lines }, PRINTED_ON);
    expect(forms.map((f) => f.lines.length)).toEqual(perForm);
    expect(forms.map((f) => [f.page, f.pages])).toEqual(
      perForm.map((_n, i) => [i + 1, perForm.length]),
    );
    expect(forms.flatMap((f) => f.lines.map((l) => l.from))).toEqual(
      lines.map((l) => cmsDate6(l.dateOfService)),
    );
  });

  it('the total is on the last form only; the ones before say CONTINUED', () => {
    const lines = Array.from({ length: 8 }, (_v, i) => line(i + 1));
    const forms = cms1500Forms({ ...individualClaim, lines }, PRINTED_ON);
    const total = lines.reduce((sum, l) => sum + (l.chargeCents ?? 0), 0);
    expect(forms[0]?.fields['28.dollars']).toBe('CONTINUED');
    expect(forms[0]?.fields['28.cents']).toBe('');
    expect(forms[1]?.fields['28.dollars']).toBe(String(Math.floor(total / 100)));
    expect(forms[1]?.fields['28.cents']).toBe(String(total % 100).padStart(2, '0'));
    // Every form names the claim, so a loose page finds its claim.
    expect(forms.map((f) => f.fields['26'])).toEqual(['C1001-1', 'C1001-1']);
  });
});
