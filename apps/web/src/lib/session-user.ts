/** The signed-in user as the Session result returns it (spec section 3). */
export type SessionUser = {
  id: string;
  role: string;
  language: string | null;
  email: string;
  organizationUser: {
    id: string;
    organizationId: string;
    firstName: string;
    lastName: string;
    organization: { id: string; name: string; organizationType: string; organizationTypeLabel: string | null };
  } | null;
};
