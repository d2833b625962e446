import { describe, expect, it } from 'vitest';

import { serviceLengthOf, serviceLengthWarning } from './service-length';

const p = (cptCode: string, durationMinutes: number) => ({ cptCode, durationMinutes });

describe('serviceLengthOf', () => {
  it.each([
    { products: [], expected: null },
    { products: [p('90837', 60)], expected: { label: '90837', minutes: 60 } },
    {
      products: [p('90834', 45), p('90785', 15)],
      expected: { label: '90834 + 90785', minutes: 60 },
    },
    // A product without a length: the length of the whole is unknown.
    { products: [p('90834', 45), p('99999', 0)], expected: { label: '90834 + 99999', minutes: 0 } },
  ])('$products.length products → $expected', ({ products, expected }) => {
    expect(serviceLengthOf(products)).toEqual(expected);
  });
});

describe('serviceLengthWarning', () => {
  it.each([
    { service: { label: '90837', minutes: 60 }, minutes: 60, expected: null },
    {
      service: { label: '90837', minutes: 60 },
      minutes: 45,
      expected: 'The service 90837 is 60 minutes long, but this appointment is 45 minutes.',
    },
    {
      service: { label: '90834', minutes: 45 },
      minutes: 60,
      expected: 'The service 90834 is 45 minutes long, but this appointment is 60 minutes.',
    },
    // Nothing to compare: no service, a service without a length, no length yet.
    { service: null, minutes: 45, expected: null },
    { service: { label: '99999', minutes: 0 }, minutes: 45, expected: null },
    { service: { label: '90837', minutes: 60 }, minutes: 0, expected: null },
  ])(
    '$service.label of $service.minutes for $minutes minutes',
    ({ service, minutes, expected }) => {
      expect(serviceLengthWarning(service, minutes)).toBe(expected);
    },
  );
});
