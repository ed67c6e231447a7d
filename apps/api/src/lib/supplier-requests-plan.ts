import type { Refusal } from './authz.ts';

/**
 * Who a customer's upload sends its request to (decision 7), decided from the upload's supplier rows alone: a
 * matched (or confirmed) supplier gets a request; an unmatched one with a contact email among the completion's
 * supplierEmails is invited and then asked; an unmatched one without gets nothing (and is reported); a
 * semi-match nobody confirmed stops the whole completion. Rows of one organization, or of one address, across
 * the upload's files make one request.
 */

export type SupplierRowFacts = {
  id: string;
  fileName: string;
  supplierName: string;
  matchStatus: string;
  supplierOrgId: string | null;
  contactEmail: string | null;
};

export type SupplierRequestPlan = {
  /** Organization → the rows its request concerns. */
  requests: Map<string, string[]>;
  /** Address → the supplier to invite there (the first row's name) and its rows. */
  invitations: Map<string, { organizationName: string; rowIds: string[] }>;
  /** Unmatched suppliers without an address: no request. */
  skipped: SupplierRowFacts[];
};

const quoted = (names: readonly string[]) => {
  const unique = [...new Set(names)].map((name) => `“${name}”`);
  return unique.length <= 1 ? (unique[0] ?? '') : `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`;
};

/** Files whose suppliers are still being matched: completing now would send requests from half an answer. */
export const matchingUnderWayRefusal = (fileNames: readonly string[]): Refusal | null =>
  fileNames.length === 0
    ? null
    : {
        code: 'CONFLICT',
        message: `The suppliers of ${quoted(fileNames)} are still being matched. Send the request once matching has finished.`,
      };

export const planSupplierRequests = (
  rows: readonly SupplierRowFacts[],
  supplierEmails: readonly string[],
): SupplierRequestPlan | Refusal => {
  if (rows.length === 0)
    return {
      code: 'CONFLICT',
      message: 'No file of this upload names a supplier, so there is nobody to send the request to.',
      field: 'request',
    };
  const unconfirmed = rows.filter((row) => row.matchStatus === 'semiMatch' || (row.matchStatus === 'match' && !row.supplierOrgId));
  if (unconfirmed.length > 0)
    return {
      code: 'CONFLICT',
      message: `Confirm which organization ${quoted(unconfirmed.map((row) => row.supplierName))} ${unconfirmed.length === 1 ? 'is' : 'are'} before sending the request.`,
      field: 'request',
    };
  const allowed = new Set(supplierEmails.map((email) => email.toLowerCase()));
  const plan: SupplierRequestPlan = { requests: new Map(), invitations: new Map(), skipped: [] };
  for (const row of rows) {
    if (row.matchStatus === 'match' && row.supplierOrgId) {
      plan.requests.set(row.supplierOrgId, [...(plan.requests.get(row.supplierOrgId) ?? []), row.id]);
      continue;
    }
    const email = row.contactEmail?.toLowerCase() ?? null;
    if (!email || !allowed.has(email)) {
      plan.skipped.push(row);
      continue;
    }
    const invitation = plan.invitations.get(email);
    if (invitation) invitation.rowIds.push(row.id);
    else plan.invitations.set(email, { organizationName: row.supplierName, rowIds: [row.id] });
  }
  return plan;
};

export const isPlanRefusal = (value: SupplierRequestPlan | Refusal): value is Refusal => 'code' in value;

/** A refusal of the invitation flow, said about the supplier it concerns. */
export const invitationRefusalFor = (supplierName: string, email: string, message: string): string =>
  `Supplier “${supplierName}” (${email}) cannot be invited: ${message}`;

/** A matched organization the customer has stopped sharing with. */
export const suspendedSupplierRefusal = (supplierName: string): Refusal => ({
  code: 'CONFLICT',
  message: `Supplier “${supplierName}” is suspended. Resume it before sending it requests, or confirm another organization.`,
  field: 'request',
});
