import { describe, expect, it } from 'vitest';
import {
  batchMatchingStatus,
  decisionAfterMatching,
  domainsToLookUp,
  matchCountsOf,
  mentionDomainOf,
  supplierRowChangeRefusal,
  websiteHostOf,
} from './supplier-matches.policy.ts';

describe('supplier matching rules', () => {
  it("tells a batch's matching from its files'", () => {
    expect(batchMatchingStatus([])).toBe('none');
    expect(batchMatchingStatus(['none', 'completed'])).toBe('completed');
    expect(batchMatchingStatus(['completed', 'failed'])).toBe('failed');
    expect(batchMatchingStatus(['failed', 'queued'])).toBe('queued');
    expect(batchMatchingStatus(['queued', 'running', 'completed'])).toBe('running');
  });

  it('counts suppliers and their rows by status', () => {
    expect(
      matchCountsOf([
        { matchStatus: 'match', itemCount: 4 },
        { matchStatus: 'match', itemCount: 1 },
        { matchStatus: 'semiMatch', itemCount: 2 },
        { matchStatus: 'notMatch', itemCount: 3 },
      ]),
    ).toEqual({
      matchCount: 2,
      matchRowCount: 5,
      semiMatchCount: 1,
      semiMatchRowCount: 2,
      notMatchCount: 1,
      notMatchRowCount: 3,
      totalSuppliers: 4,
    });
  });

  it("keeps a person's confirmation and the contact address over a new match, and takes the matcher's answer otherwise", () => {
    const result = { status: 'semiMatch' as const, organizationId: null, score: 0.6, reason: 'close', possibleMatches: [] };
    const earlier = {
      isConfirmed: true,
      matchStatus: 'match',
      supplierOrgId: 'org-1',
      matchReason: 'Confirmed by your organization: Svitzer',
      matchScore: 0.6,
      contactEmail: 'ops@svitzer.example',
    };
    expect(decisionAfterMatching(result, earlier)).toMatchObject({
      matchStatus: 'match',
      supplierOrgId: 'org-1',
      isConfirmed: true,
      contactEmail: 'ops@svitzer.example',
    });
    expect(decisionAfterMatching(result, { ...earlier, isConfirmed: false })).toMatchObject({
      matchStatus: 'semiMatch',
      supplierOrgId: null,
      isConfirmed: false,
      contactEmail: 'ops@svitzer.example',
    });
    expect(decisionAfterMatching(result, null)).toMatchObject({ matchStatus: 'semiMatch', contactEmail: null });
  });

  it('refuses changes once the upload is completed', () => {
    expect(supplierRowChangeRefusal('completed')).toMatchObject({ code: 'CONFLICT' });
    expect(supplierRowChangeRefusal('ready')).toBeNull();
    expect(supplierRowChangeRefusal(null)).toBeNull();
  });

  it('reads domains from addresses and websites, public mail providers saying nothing', () => {
    expect(mentionDomainOf('Service@KM.Kongsberg.com')).toBe('km.kongsberg.com');
    expect(mentionDomainOf('someone@gmail.com')).toBeNull();
    expect(mentionDomainOf('no address')).toBeNull();
    expect(websiteHostOf('https://www.km.kongsberg.com/no/products?x=1')).toBe('km.kongsberg.com');
    expect(websiteHostOf('svitzer.com')).toBe('svitzer.com');
    expect(websiteHostOf(null)).toBeNull();
    expect(domainsToLookUp('km.kongsberg.com')).toEqual(['km.kongsberg.com', 'kongsberg.com']);
    expect(domainsToLookUp(null)).toEqual([]);
  });
});
