import {
  clearOrganizationDataSchema,
  CURRENCIES,
  MEASUREMENT_SYSTEMS,
  REGISTRATION_STATUSES,
  updateOrganizationSchema,
  updateOrganizationSettingSchema,
} from '@tidewise/shared/organization';
import { builder } from '../../schema/builder.ts';
import { clearOrganizationData } from './operations/clear-organization-data.ts';
import { getOrganization } from './operations/get-organization.ts';
import { listTimezones, type Timezone } from './operations/list-timezones.ts';
import type { OrganizationSetting } from './organization-settings.ts';
import { updateOrganization } from './operations/update-organization.ts';
import { OrganizationRef } from '../../schema/identity.graphql.ts';
import { getOrganizationSetting } from './operations/get-organization-setting.ts';
import { updateOrganizationSetting } from './operations/update-organization-setting.ts';
/** The users and email change operations of this module. */
import './organization-user.graphql.ts';

builder.objectFields(OrganizationRef, (t) => ({
  registrationNumber: t.exposeString('registrationNumber', { nullable: true }),
  description: t.exposeString('description', { nullable: true }),
  industry: t.exposeString('industry', { nullable: true }),
  companySize: t.exposeString('companySize', { nullable: true }),
  createdAt: t.field({ type: 'DateTime', resolve: (o) => o.createdAt }),
}));

const OrganizationSettingRef = builder.objectRef<OrganizationSetting>('OrganizationSetting').implement({
  fields: (t) => ({
    organizationId: t.exposeID('organizationId'),
    measurementSystem: t.exposeString('measurementSystem', { description: `One of ${MEASUREMENT_SYSTEMS.join(', ')}.` }),
    currency: t.exposeString('currency', { description: 'ISO 4217 code.' }),
    timezone: t.exposeString('timezone', { description: 'IANA time zone name.' }),
  }),
});

const TimezoneRef = builder.objectRef<Timezone>('Timezone').implement({
  fields: (t) => ({
    name: t.exposeString('name', { description: 'IANA name, like Europe/Copenhagen.' }),
    offset: t.exposeString('offset', { description: 'Current offset from UTC, like +01:00.' }),
  }),
});

const ClearedPartRef = builder.objectRef<{ name: string; count: number }>('ClearedOrganizationDataPart').implement({
  fields: (t) => ({ name: t.exposeString('name'), count: t.exposeInt('count') }),
});

const ClearOrganizationDataResultRef = builder
  .objectRef<{ success: boolean; cleared: { name: string; count: number }[] }>('ClearOrganizationDataResult')
  .implement({
    fields: (t) => ({
      success: t.exposeBoolean('success'),
      cleared: t.field({ type: [ClearedPartRef], resolve: (r) => r.cleared }),
    }),
  });

const UpdateOrganizationInput = builder
  .inputType('UpdateOrganizationInput', {
    description: 'Fields left out stay as they are; an empty string clears an optional field.',
    fields: (t) => ({
      name: t.string({ required: false }),
      logo: t.string({ required: false, description: 'http(s) URL of the logo image.' }),
      websiteUrl: t.string({ required: false }),
      location: t.string({ required: false }),
      registrationNumber: t.string({ required: false }),
      description: t.string({ required: false }),
      industry: t.string({ required: false }),
      companySize: t.string({ required: false }),
    }),
  })
  .validate(updateOrganizationSchema);

const UpdateOrganizationSettingInput = builder
  .inputType('UpdateOrganizationSettingInput', {
    fields: (t) => ({
      measurementSystem: t.string({ required: false, description: `One of ${MEASUREMENT_SYSTEMS.join(', ')}.` }),
      currency: t.string({ required: false, description: `ISO 4217 code (${CURRENCIES.length} accepted).` }),
      timezone: t.string({ required: false, description: 'IANA time zone name (see the timezones query).' }),
    }),
  })
  .validate(updateOrganizationSettingSchema);

const ClearOrganizationDataInput = builder
  .inputType('ClearOrganizationDataInput', {
    fields: (t) => ({ confirmation: t.string({ required: true, description: 'The organization name, typed exactly.' }) }),
  })
  .validate(clearOrganizationDataSchema);

builder.queryField('organization', (t) =>
  t.field({
    type: OrganizationRef,
    description: `Your organization, or with an id one you share an active relationship with. Registration status: ${REGISTRATION_STATUSES.join(', ')}.`,
    authScopes: { permission: 'organization:read' },
    args: { id: t.arg.id({ required: false }) },
    resolve: (_root, args, ctx) => getOrganization(ctx, args.id ? String(args.id) : null),
  }),
);

builder.queryField('organizationSetting', (t) =>
  t.field({
    type: OrganizationSettingRef,
    authScopes: { permission: 'organization:read' },
    resolve: (_root, _args, ctx) => getOrganizationSetting(ctx),
  }),
);

builder.queryField('timezones', (t) =>
  t.field({
    type: [TimezoneRef],
    description: "The runtime's IANA time zones with their current offset from UTC.",
    authScopes: { authenticated: true },
    resolve: () => listTimezones(),
  }),
);

builder.mutationField('updateOrganization', (t) =>
  t.field({
    type: OrganizationRef,
    authScopes: { permission: 'organization:update' },
    args: { input: t.arg({ type: UpdateOrganizationInput, required: true }) },
    resolve: (_root, { input }, ctx) => updateOrganization(ctx, updateOrganizationSchema.parse(input)),
  }),
);

builder.mutationField('updateOrganizationSetting', (t) =>
  t.field({
    type: OrganizationSettingRef,
    authScopes: { permission: 'organization:update' },
    args: { input: t.arg({ type: UpdateOrganizationSettingInput, required: true }) },
    resolve: (_root, { input }, ctx) => updateOrganizationSetting(ctx, updateOrganizationSettingSchema.parse(input)),
  }),
);

builder.mutationField('clearOrganizationData', (t) =>
  t.field({
    type: ClearOrganizationDataResultRef,
    description:
      'Removes supplier relationships, pending invitations, email change requests and settings of your organization; never its users or audit trail. Needs the organization name typed and a sign-in within the last 15 minutes.',
    authScopes: { permission: 'organization:clear-data' },
    args: { input: t.arg({ type: ClearOrganizationDataInput, required: true }) },
    resolve: (_root, { input }, ctx) => clearOrganizationData(ctx, input),
  }),
);
