/** An organization on the platform that a supplier named in a file may be. */
export type SupplierCandidate = {
  organizationId: string;
  name: string;
  registrationNumber?: string | null;
  imoCompanyNumber?: string | null;
  emailDomains?: readonly string[];
  country?: string | null;
};

/** One distinct supplier as named in a file. */
export type SupplierMention = {
  name: string;
  registrationNumber?: string | null;
  imoCompanyNumber?: string | null;
  email?: string | null;
  country?: string | null;
};

/** A customer's earlier confirmation: this normalised name is this organisation, or none of those offered (null). */
export type ConfirmedMatch = { normalizedName: string; organizationId: string | null };

export type PossibleMatch = { organizationId: string; name: string; score: number; reason: string };

export type SupplierMatchResult = {
  status: 'match' | 'semiMatch' | 'notMatch';
  /** Set for match only. */
  organizationId: string | null;
  /** 0..1, of the best candidate. */
  score: number;
  /** In plain words, why: "Registration number 923 456 789 matches Nordic Bunker AS". */
  reason: string;
  /** Ranked, at most five: the organizations to choose from for a semiMatch. */
  possibleMatches: PossibleMatch[];
};
