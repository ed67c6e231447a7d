import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { SYSTEM_ROLES } from './permissions.ts';

/**
 * Organisations, their users and supplier relationships: the status values the specification
 * leaves open, which changes between them are allowed, and the input rules both the API and the
 * web apply. See docs/decisions/0006-organization-statuses.md.
 */

/** A finite state machine: for each status, the statuses it may change to. */
export type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

export const canTransition = <S extends string>(transitions: Transitions<S>, from: S, to: S) => transitions[from].includes(to);

/** The message an illegal change answers with, naming both ends. */
export const transitionMessage = (subject: string, from: string, to: string) =>
  from === to
    ? `The ${subject} is already ${from}.`
    : `${/^[aeiou]/i.test(subject) ? 'An' : 'A'} ${subject} cannot change from ${from} to ${to}.`;

// Organisation registration --------------------------------------------------------------------

/** `invited`: created by a customer, nobody of it has registered yet. `registered`: someone has. */
export const REGISTRATION_STATUSES = ['invited', 'registered'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
export const REGISTRATION_STATUS_TRANSITIONS: Transitions<RegistrationStatus> = {
  invited: ['registered'],
  registered: [],
};
export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = { invited: 'Invited', registered: 'Registered' };

export const ORGANIZATION_TYPES = ['customer', 'supplier'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
export const ORGANIZATION_TYPE_LABELS: Record<OrganizationType, string> = { customer: 'Customer', supplier: 'Supplier' };

// Supplier relationships -------------------------------------------------------------------------

/**
 * `pending`: the customer invited the supplier, who has not accepted yet. `active`: data flows.
 * `suspended`: the customer paused sharing; it can be resumed. `ended`: closed; only a new
 * invitation (which starts at `pending` again) reopens it.
 */
export const RELATIONSHIP_STATUSES = ['pending', 'active', 'suspended', 'ended'] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];
export const RELATIONSHIP_STATUS_LABELS: Record<RelationshipStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  suspended: 'Suspended',
  ended: 'Ended',
};

/** Every change the system knows, whoever makes it. */
export const RELATIONSHIP_STATUS_TRANSITIONS: Transitions<RelationshipStatus> = {
  pending: ['active', 'ended'],
  active: ['suspended', 'ended'],
  suspended: ['active', 'ended'],
  ended: ['pending'],
};

/**
 * The changes a customer may make by hand (`updateOrganizationRelationshipStatus`). `pending →
 * active` happens only when the supplier accepts (`completeSupplierRegistration`) and `ended →
 * pending` only through a new invitation (`inviteSupplier`).
 */
export const MANUAL_RELATIONSHIP_TRANSITIONS: Transitions<RelationshipStatus> = {
  pending: ['ended'],
  active: ['suspended', 'ended'],
  suspended: ['active', 'ended'],
  ended: [],
};

/** Earlier data named the waiting state `invited`; it reads as `pending`. */
export const LEGACY_RELATIONSHIP_STATUSES: Readonly<Record<string, RelationshipStatus>> = { invited: 'pending' };

export const asRelationshipStatus = (value: string): RelationshipStatus | null =>
  (RELATIONSHIP_STATUSES as readonly string[]).includes(value)
    ? (value as RelationshipStatus)
    : (LEGACY_RELATIONSHIP_STATUSES[value] ?? null);

/** Stored values meaning the given status, the legacy spelling included. */
export const storedRelationshipStatuses = (status: RelationshipStatus): string[] => [
  status,
  ...Object.entries(LEGACY_RELATIONSHIP_STATUSES)
    .filter(([, canonical]) => canonical === status)
    .map(([legacy]) => legacy),
];

// Email change requests --------------------------------------------------------------------------

/** A user asks (`pending`); an administrator approves or rejects; the user may cancel while pending. */
export const EMAIL_CHANGE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type EmailChangeStatus = (typeof EMAIL_CHANGE_STATUSES)[number];
export const EMAIL_CHANGE_STATUS_TRANSITIONS: Transitions<EmailChangeStatus> = {
  pending: ['approved', 'rejected', 'cancelled'],
  approved: [],
  rejected: [],
  cancelled: [],
};
export const EMAIL_CHANGE_STATUS_LABELS: Record<EmailChangeStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

// Settings ----------------------------------------------------------------------------------------

export const MEASUREMENT_SYSTEMS = ['metric', 'imperial'] as const;
export type MeasurementSystem = (typeof MEASUREMENT_SYSTEMS)[number];
export const MEASUREMENT_SYSTEM_LABELS: Record<MeasurementSystem, string> = { metric: 'Metric', imperial: 'Imperial' };

/** ISO 4217 active currency codes (funds and precious metals left out). */
export const CURRENCIES = (
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY ' +
  'COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR ' +
  'IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR ' +
  'MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD ' +
  'SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VED VES VND VUV WST XAF XCD ' +
  'XCG XOF XPF YER ZAR ZMW ZWG'
).split(' ');

export const DEFAULT_ORGANIZATION_SETTING = { measurementSystem: 'metric', currency: 'EUR', timezone: 'Europe/Copenhagen' } as const;

/** IANA names the runtime knows, plus `UTC`, which some runtimes leave out of the list. */
export const supportedTimeZones = (): string[] => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : [...zones, 'UTC'];
};

export const isSupportedTimeZone = (name: string) => supportedTimeZones().includes(name);

/** The zone's offset from UTC at `at`, as `+01:00`. */
export const timeZoneOffset = (timeZone: string, at = new Date()): string => {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = part?.match(/GMT([+-]\d{2}):?(\d{2})?/);
  if (!match) return '+00:00';
  return `${match[1]}:${match[2] ?? '00'}`;
};

// Input rules -------------------------------------------------------------------------------------

const name = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, { error: `Enter the ${label}` })
    .max(max, { error: `The ${label} must be at most ${max} characters` });

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `The ${label} must be at most ${max} characters` })
    .transform((v) => (v === '' ? null : v))
    .nullish();

const httpUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(2048, { error: `The ${label} must be at most 2048 characters` })
    .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { error: `The ${label} must start with http:// or https://` })
    .transform((v) => (v === '' ? null : v))
    .nullish();

/** Absent fields stay as they are; an empty string clears an optional field. */
export const updateOrganizationSchema = z.object({
  name: name('organization name', 200).optional(),
  logo: httpUrl('logo URL'),
  websiteUrl: httpUrl('website'),
  location: optionalText('location', 200),
  registrationNumber: optionalText('registration number', 100),
  description: optionalText('description', 2000),
  industry: optionalText('industry', 100),
  companySize: optionalText('company size', 50),
});
export type UpdateOrganizationInput = z.infer<typeof updateOrganizationSchema>;

export const updateOrganizationSettingSchema = z.object({
  measurementSystem: z
    .enum(MEASUREMENT_SYSTEMS, { error: `Measurement system must be one of ${MEASUREMENT_SYSTEMS.join(', ')}` })
    .optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => CURRENCIES.includes(v), { error: 'Currency must be an ISO 4217 code, like EUR' })
    .optional(),
  timezone: z
    .string()
    .trim()
    .refine((v) => isSupportedTimeZone(v), { error: 'Time zone must be an IANA time zone name, like Europe/Copenhagen' })
    .optional(),
});
export type UpdateOrganizationSettingInput = z.infer<typeof updateOrganizationSettingSchema>;

export const clearOrganizationDataSchema = z.object({
  confirmation: z.string({ error: 'Type the organization name to confirm' }).max(200),
});

const person = {
  firstName: name('first name', 80),
  lastName: name('last name', 80),
  jobPosition: optionalText('job position', 120),
};

export const createOrganizationUserSchema = z.object({
  email: emailSchema,
  ...person,
  roleKey: z.enum(SYSTEM_ROLES, { error: `Role must be one of ${SYSTEM_ROLES.join(', ')}` }).nullish(),
  authorizationRoleIds: z
    .array(z.uuid({ error: 'Role ids must be UUIDs' }))
    .max(20)
    .nullish(),
});
export type CreateOrganizationUserInput = z.infer<typeof createOrganizationUserSchema>;

export const updateOrganizationUserSchema = z.object({
  firstName: name('first name', 80).optional(),
  lastName: name('last name', 80).optional(),
  jobPosition: optionalText('job position', 120),
});
export type UpdateOrganizationUserInput = z.infer<typeof updateOrganizationUserSchema>;

export const lockReasonSchema = z.string().trim().min(1, { error: 'Give a reason for the lock' }).max(500);

/** The specification's "simple address pattern" for the new address of an email change. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const requestEmailChangeSchema = z.object({
  newEmail: z
    .string({ error: 'Enter the new email address' })
    .trim()
    .max(254, { error: 'Email must be at most 254 characters' })
    .regex(SIMPLE_EMAIL_PATTERN, { error: 'Enter a valid email address, like name@company.com' }),
});

export const inviteSupplierSchema = z.object({
  organizationName: name('supplier organization name', 200),
  email: emailSchema,
  firstName: name('first name', 80),
  lastName: name('last name', 80),
});
export type InviteSupplierInput = z.infer<typeof inviteSupplierSchema>;

/** Similarity (pg_trgm) above which an existing supplier is offered as a possible match. */
export const SUPPLIER_MATCH_THRESHOLD = 0.3;

/** How recent a sign-in must be for destructive operations (clearing data). */
export const RECENT_SIGN_IN_MINUTES = 15;
