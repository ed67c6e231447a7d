import type { Executor } from '@tidewise/db/client';
import { users } from '@tidewise/db/schema/identity';
import { organizationRelationships, organizations, organizationUsers } from '@tidewise/db/schema/organizations';
import { supplierMatchConfirmations } from '@tidewise/db/schema/requests';
import {
  type ConfirmedMatch,
  normalizeRegistrationNumber,
  type PreparedCandidates,
  prepareCandidates,
  type SupplierCandidate,
  type SupplierMention,
} from '@tidewise/shared/supplier-matching/index';
import { and, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { domainsToLookUp, mentionDomainOf, websiteHostOf } from '../supplier-matches.policy.ts';

/**
 * The organizations a customer's file may name (decision 6): the customer's own suppliers (any relationship that
 * has not ended), organizations the customer confirmed before, and, for a mention only, supplier organizations
 * anywhere on the platform whose registration number or email domain is the file's. Organizations that are not
 * the customer's are never compared by name with other mentions, so their names are offered only where an
 * identifier ties them to the row.
 */

type OrganizationFacts = { id: string; name: string; registrationNumber: string | null; websiteUrl: string | null };

export type MatchingCandidates = {
  /** Prepared once: the customer's suppliers and confirmed organizations. */
  base: PreparedCandidates;
  baseList: SupplierCandidate[];
  /** Platform organizations found by an identifier of some mention, with their normalised keys. */
  byIdentifier: { candidate: SupplierCandidate; registrationNumber: string | null; domains: readonly string[] }[];
  /** The customer's earlier confirmations: an organization, or none of those offered (null). */
  confirmed: ConfirmedMatch[];
};

const CHUNK = 500;

const chunks = <T>(list: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
};

/** Email domains of the organizations' members and their websites, by organization. */
const domainsOf = async (db: Executor, organizationsFound: readonly OrganizationFacts[]): Promise<Map<string, Set<string>>> => {
  const byOrganization = new Map<string, Set<string>>();
  const add = (organizationId: string, domain: string | null) => {
    if (!domain) return;
    let set = byOrganization.get(organizationId);
    if (!set) {
      set = new Set();
      byOrganization.set(organizationId, set);
    }
    set.add(domain);
  };
  for (const organization of organizationsFound) add(organization.id, websiteHostOf(organization.websiteUrl));
  for (const ids of chunks(organizationsFound.map((o) => o.id))) {
    const rows = await db
      .selectDistinct({ organizationId: organizationUsers.organizationId, domain: sql<string>`lower(split_part(${users.email}, '@', 2))` })
      .from(organizationUsers)
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(inArray(organizationUsers.organizationId, ids));
    for (const row of rows) add(row.organizationId, row.domain);
  }
  return byOrganization;
};

const toCandidate = (organization: OrganizationFacts, domains: Map<string, Set<string>>): SupplierCandidate => ({
  organizationId: organization.id,
  name: organization.name,
  registrationNumber: organization.registrationNumber,
  emailDomains: [...(domains.get(organization.id) ?? [])],
});

const FACTS = {
  id: organizations.id,
  name: organizations.name,
  registrationNumber: organizations.registrationNumber,
  websiteUrl: organizations.websiteUrl,
};

/** A registration number in SQL roughly as normalizeRegistrationNumber has it; the exact check is done in code after. */
const compactRegistrationNumber = sql`ltrim(regexp_replace(regexp_replace(regexp_replace(upper(${organizations.registrationNumber}), '[^A-Z0-9]', '', 'g'), 'MVA$', ''), '^(NO|DK|SE|FI|DE|NL|GB|UK|BE|FR|SG|IE|PL|EE|LV|LT|IS)([0-9])', '\\2'), '0')`;

const platformByIdentifier = async (
  db: Executor,
  known: readonly string[],
  mentions: readonly SupplierMention[],
): Promise<OrganizationFacts[]> => {
  const numbers = [...new Set(mentions.map((m) => normalizeRegistrationNumber(m.registrationNumber)).filter((n): n is string => !!n))];
  const domains = [...new Set(mentions.flatMap((m) => domainsToLookUp(mentionDomainOf(m.email))))];
  const notKnown: SQL[] = [eq(organizations.organizationType, 'supplier')];
  for (const ids of chunks(known)) notKnown.push(notInArray(organizations.id, ids));
  const found = new Map<string, OrganizationFacts>();
  for (const part of chunks(numbers)) {
    const rows = await db
      .select(FACTS)
      .from(organizations)
      .where(
        and(
          ...notKnown,
          inArray(
            sql`${compactRegistrationNumber}`,
            part.map((n) => n.replace(/^0+(?=\d)/, '')),
          ),
        ),
      );
    for (const row of rows) found.set(row.id, row);
  }
  for (const part of chunks(domains)) {
    const byMembers = await db
      .selectDistinct(FACTS)
      .from(organizations)
      .innerJoin(organizationUsers, eq(organizationUsers.organizationId, organizations.id))
      .innerJoin(users, eq(users.id, organizationUsers.userId))
      .where(and(...notKnown, inArray(sql`lower(split_part(${users.email}, '@', 2))`, part)));
    for (const row of byMembers) found.set(row.id, row);
    const host = sql`lower(regexp_replace(regexp_replace(${organizations.websiteUrl}, '^[a-zA-Z]+://', ''), '^www\\.|[/:?#].*$', '', 'g'))`;
    const byWebsite = await db
      .select(FACTS)
      .from(organizations)
      .where(and(...notKnown, ne(organizations.websiteUrl, ''), inArray(host, part)));
    for (const row of byWebsite) found.set(row.id, row);
  }
  return [...found.values()];
};

/** Loads and prepares everything `matchSupplier` needs for one file of a customer. */
export const loadMatchingCandidates = async (
  db: Executor,
  customerOrganizationId: string,
  mentions: readonly SupplierMention[],
): Promise<MatchingCandidates> => {
  const own = await db
    .select(FACTS)
    .from(organizationRelationships)
    .innerJoin(organizations, eq(organizations.id, organizationRelationships.supplierOrganizationId))
    .where(
      and(eq(organizationRelationships.customerOrganizationId, customerOrganizationId), ne(organizationRelationships.status, 'ended')),
    );
  const confirmations = await db
    .select({
      normalizedName: supplierMatchConfirmations.normalizedName,
      organizationId: supplierMatchConfirmations.supplierOrganizationId,
    })
    .from(supplierMatchConfirmations)
    .where(eq(supplierMatchConfirmations.organizationId, customerOrganizationId))
    .orderBy(supplierMatchConfirmations.updatedAt);
  const ownIds = new Set(own.map((o) => o.id));
  const confirmedElsewhere = [...new Set(confirmations.map((c) => c.organizationId).filter((id): id is string => !!id && !ownIds.has(id)))];
  const confirmedOrganizations = confirmedElsewhere.length
    ? await db.select(FACTS).from(organizations).where(inArray(organizations.id, confirmedElsewhere))
    : [];
  const baseOrganizations = [...own, ...confirmedOrganizations].filter((o) => o.id !== customerOrganizationId);
  const platform = (await platformByIdentifier(db, [...baseOrganizations.map((o) => o.id), customerOrganizationId], mentions)).filter(
    (o) => o.id !== customerOrganizationId,
  );
  const domains = await domainsOf(db, [...baseOrganizations, ...platform]);
  const baseList = baseOrganizations.map((o) => toCandidate(o, domains));
  return {
    base: prepareCandidates(baseList),
    baseList,
    byIdentifier: platform.map((o) => {
      const candidate = toCandidate(o, domains);
      return { candidate, registrationNumber: normalizeRegistrationNumber(o.registrationNumber), domains: candidate.emailDomains ?? [] };
    }),
    confirmed: confirmations.map((c) => ({ normalizedName: c.normalizedName, organizationId: c.organizationId })),
  };
};

/** The candidates one mention is matched against: the prepared base, plus the platform organizations its identifiers name. */
export const candidatesFor = (candidates: MatchingCandidates, mention: SupplierMention): PreparedCandidates => {
  const number = normalizeRegistrationNumber(mention.registrationNumber);
  const lookUp = new Set(domainsToLookUp(mentionDomainOf(mention.email)));
  const extra = candidates.byIdentifier.filter(
    (found) => (number !== null && found.registrationNumber === number) || found.domains.some((domain) => lookUp.has(domain)),
  );
  return extra.length === 0 ? candidates.base : prepareCandidates([...candidates.baseList, ...extra.map((found) => found.candidate)]);
};
