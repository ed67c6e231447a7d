import { describe, expect, it } from 'vitest';
import { isPlanRefusal, matchingUnderWayRefusal, planSupplierRequests, type SupplierRowFacts } from './supplier-requests-plan.ts';

const row = (id: string, overrides: Partial<SupplierRowFacts>): SupplierRowFacts => ({
  id,
  fileName: 'legs.csv',
  supplierName: id,
  matchStatus: 'notMatch',
  supplierOrgId: null,
  contactEmail: null,
  ...overrides,
});

describe('who a completed upload asks', () => {
  it('asks each matched organization once over the files, invites unmatched ones with an address given, skips the rest', () => {
    const plan = planSupplierRequests(
      [
        row('a', { matchStatus: 'match', supplierOrgId: 'org-1' }),
        row('b', { matchStatus: 'match', supplierOrgId: 'org-1', fileName: 'other.csv' }),
        row('c', { matchStatus: 'match', supplierOrgId: 'org-2' }),
        row('d', { supplierName: 'Fjord Tugs', contactEmail: 'Ops@fjordtugs.example' }),
        row('e', { supplierName: 'Fjord Tugs AS', contactEmail: 'ops@fjordtugs.example', fileName: 'other.csv' }),
        row('f', { contactEmail: 'not-listed@example.com' }),
        row('g', {}),
      ],
      ['ops@fjordtugs.example'],
    );
    if (isPlanRefusal(plan)) throw new Error(plan.message);
    expect([...plan.requests]).toEqual([
      ['org-1', ['a', 'b']],
      ['org-2', ['c']],
    ]);
    expect([...plan.invitations]).toEqual([['ops@fjordtugs.example', { organizationName: 'Fjord Tugs', rowIds: ['d', 'e'] }]]);
    expect(plan.skipped.map((r) => r.id)).toEqual(['f', 'g']);
  });

  it('refuses while a semi-match is unconfirmed, naming every such supplier once', () => {
    const refusal = planSupplierRequests(
      [
        row('a', { matchStatus: 'semiMatch', supplierName: 'Svitser' }),
        row('b', { matchStatus: 'semiMatch', supplierName: 'Svitser', fileName: 'other.csv' }),
        row('c', { matchStatus: 'semiMatch', supplierName: 'Kongsberg' }),
        row('d', { matchStatus: 'match', supplierOrgId: 'org-1' }),
      ],
      [],
    );
    expect(refusal).toEqual({
      code: 'CONFLICT',
      message: 'Confirm which organization “Svitser” and “Kongsberg” are before sending the request.',
      field: 'request',
    });
  });

  it('refuses an upload that names no supplier, and one whose matching is still running', () => {
    expect(planSupplierRequests([], [])).toMatchObject({ code: 'CONFLICT', field: 'request' });
    expect(matchingUnderWayRefusal([])).toBeNull();
    expect(matchingUnderWayRefusal(['legs.csv'])?.message).toBe(
      'The suppliers of “legs.csv” are still being matched. Send the request once matching has finished.',
    );
  });
});
