import { z } from 'zod';

/** Custom roles: the rules of the API's `CreateAuthorizationRoleInput` and `UpdateAuthorizationRoleInput`. */

export const ROLE_NAME_MAX_LENGTH = 80;
export const ROLE_DESCRIPTION_MAX_LENGTH = 500;

export const roleNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Name is required' })
  .max(ROLE_NAME_MAX_LENGTH, { error: `Name must be at most ${ROLE_NAME_MAX_LENGTH} characters` });

export const roleDescriptionSchema = z
  .string()
  .max(ROLE_DESCRIPTION_MAX_LENGTH, { error: `Description must be at most ${ROLE_DESCRIPTION_MAX_LENGTH} characters` });

export const authorizationRoleSchema = z.object({ name: roleNameSchema, description: roleDescriptionSchema.nullish() });
