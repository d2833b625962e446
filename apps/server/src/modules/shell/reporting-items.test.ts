import { describe, expect, it } from 'vitest';
import { reportingItems } from './reporting-items.ts';

const childIds = (authorities: string[]) =>
  (reportingItems(authorities)[0]?.children ?? []).map((item) => item.id);

describe('reporting menu', () => {
  it('offers document revocations only to those reading the whole practice’s audit', () => {
    expect(childIds(['customer.owner'])).toContain('reporting-audit-document-revocations');
    expect(childIds(['customer.manager', 'customer.manager.reporting'])).toContain(
      'reporting-audit-document-revocations',
    );
    const therapist = childIds(['customer.therapist', 'customer.therapist.reporting']);
    expect(therapist).toContain('reporting-audit-record-access');
    expect(therapist).not.toContain('reporting-audit-document-revocations');
    expect(reportingItems(['customer.biller'])).toEqual([]);
  });
});
