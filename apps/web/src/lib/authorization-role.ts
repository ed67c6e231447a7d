/** Roles and their permissions as the roles screen lists them; the users screen assigns them. */
export type AuthorizationPermission = { id: string; resource: string; action: string; description: string };

export type AuthorizationRole = {
  id: string;
  key: string | null;
  name: string;
  description: string | null;
  scope: string;
  userCount: number;
  rolePermissions: { permission: AuthorizationPermission }[];
};
