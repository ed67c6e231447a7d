import { describe, expect, it } from 'vitest';
import {
  asRelationshipStatus,
  canTransition,
  CURRENCIES,
  EMAIL_CHANGE_STATUS_TRANSITIONS,
  MANUAL_RELATIONSHIP_TRANSITIONS,
  REGISTRATION_STATUS_TRANSITIONS,
  RELATIONSHIP_STATUS_TRANSITIONS,
  RELATIONSHIP_STATUSES,
  requestEmailChangeSchema,
  timeZoneOffset,
  updateOrganizationSchema,
  updateOrganizationSettingSchema,
} from './organization.ts';

describe('organization statuses', () => {
  it('documents the relationship machine and keeps manual changes inside it', () => {
    expect(canTransition(RELATIONSHIP_STATUS_TRANSITIONS, 'pending', 'active')).toBe(true);
    expect(canTransition(RELATIONSHIP_STATUS_TRANSITIONS, 'suspended', 'active')).toBe(true);
    expect(canTransition(RELATIONSHIP_STATUS_TRANSITIONS, 'ended', 'active')).toBe(false);
    for (const from of RELATIONSHIP_STATUSES) {
      for (const to of MANUAL_RELATIONSHIP_TRANSITIONS[from]) expect(canTransition(RELATIONSHIP_STATUS_TRANSITIONS, from, to)).toBe(true);
    }
  });

  it('reads the legacy `invited` relationship status as pending', () => {
    expect(asRelationshipStatus('invited')).toBe('pending');
    expect(asRelationshipStatus('active')).toBe('active');
    expect(asRelationshipStatus('nonsense')).toBeNull();
  });

  it('ends email change requests and registrations in final states', () => {
    expect(EMAIL_CHANGE_STATUS_TRANSITIONS.approved).toEqual([]);
    expect(canTransition(REGISTRATION_STATUS_TRANSITIONS, 'invited', 'registered')).toBe(true);
    expect(canTransition(REGISTRATION_STATUS_TRANSITIONS, 'registered', 'invited')).toBe(false);
  });
});

describe('organization inputs', () => {
  it('accepts ISO 4217 currencies and IANA zones only', () => {
    expect(updateOrganizationSettingSchema.parse({ currency: 'nok', timezone: 'Europe/Oslo' })).toEqual({
      currency: 'NOK',
      timezone: 'Europe/Oslo',
    });
    expect(updateOrganizationSettingSchema.safeParse({ currency: 'XYZ' }).success).toBe(false);
    expect(updateOrganizationSettingSchema.safeParse({ timezone: 'Mars/Olympus' }).success).toBe(false);
    expect(updateOrganizationSettingSchema.safeParse({ measurementSystem: 'nautical' }).success).toBe(false);
    expect(CURRENCIES).toContain('EUR');
  });

  it('formats offsets as +HH:MM', () => {
    expect(timeZoneOffset('UTC')).toBe('+00:00');
    expect(timeZoneOffset('Asia/Kolkata')).toBe('+05:30');
    expect(timeZoneOffset('Europe/Copenhagen', new Date('2025-01-15T12:00:00Z'))).toBe('+01:00');
    expect(timeZoneOffset('America/New_York', new Date('2025-07-15T12:00:00Z'))).toBe('-04:00');
  });

  it('clears optional profile fields with an empty string and checks URLs', () => {
    expect(updateOrganizationSchema.parse({ location: '', websiteUrl: 'https://a.example' })).toEqual({
      location: null,
      websiteUrl: 'https://a.example',
    });
    expect(updateOrganizationSchema.safeParse({ websiteUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(updateOrganizationSchema.safeParse({ name: '   ' }).success).toBe(false);
  });

  it('applies the simple address pattern to a new email', () => {
    expect(requestEmailChangeSchema.safeParse({ newEmail: 'new@company.example' }).success).toBe(true);
    expect(requestEmailChangeSchema.safeParse({ newEmail: 'not an email' }).success).toBe(false);
    expect(requestEmailChangeSchema.safeParse({ newEmail: 'a@b' }).success).toBe(false);
  });
});
