import { fieldsByCategory } from '@tidewise/shared/field-catalogue/index';
import type { AllowedValue, FieldDefinition, UnitDefinition } from '@tidewise/shared/field-catalogue/types';
import type { FileCategory } from '@tidewise/shared/uploads';
import { builder } from '../../schema/builder.ts';
import { FieldDataTypeRef } from '../../schema/entry-values.graphql.ts';
import { FileCategoryRef } from '../../schema/uploads.graphql.ts';

/** The field catalogue (packages/shared/src/field-catalogue) as GraphQL: what a column can be mapped to. */

const FieldRequirementRef = builder.enumType('FieldRequirement', { values: ['optional', 'recommended', 'required'] as const });

const FieldUnitRef = builder.objectRef<UnitDefinition>('FieldUnit').implement({
  fields: (t) => ({
    unit: t.exposeString('unit'),
    label: t.exposeString('label'),
    factor: t.exposeFloat('factor', { description: 'value x factor = canonical unit (for volumes: m3, then x density).' }),
    needsDensity: t.boolean({ resolve: (u) => u.needsDensity ?? false }),
    synonyms: t.stringList({ resolve: (u) => [...u.synonyms] }),
  }),
});

const FieldAllowedValueRef = builder.objectRef<AllowedValue>('FieldAllowedValue').implement({
  fields: (t) => ({
    value: t.exposeString('value'),
    label: t.exposeString('label'),
    synonyms: t.stringList({ resolve: (v) => [...v.synonyms] }),
  }),
});

type FieldView = FieldDefinition & { category: FileCategory };

export const FieldDefinitionRef = builder.objectRef<FieldView>('FieldDefinition').implement({
  fields: (t) => ({
    key: t.exposeString('key'),
    label: t.exposeString('label'),
    description: t.exposeString('description'),
    category: t.field({ type: FileCategoryRef, resolve: (f) => f.category }),
    dataType: t.field({ type: FieldDataTypeRef, resolve: (f) => f.dataType }),
    requirement: t.field({ type: FieldRequirementRef, resolve: (f) => f.requirement }),
    synonyms: t.stringList({ resolve: (f) => [...f.synonyms] }),
    canonicalUnit: t.string({ nullable: true, resolve: (f) => f.canonicalUnit ?? null }),
    acceptedUnits: t.field({ type: [FieldUnitRef], resolve: (f) => [...(f.acceptedUnits ?? [])] }),
    min: t.float({ nullable: true, resolve: (f) => f.min ?? null }),
    max: t.float({ nullable: true, resolve: (f) => f.max ?? null }),
    pattern: t.string({ nullable: true, resolve: (f) => f.pattern ?? null }),
    allowedValues: t.field({ type: [FieldAllowedValueRef], resolve: (f) => [...(f.allowedValues ?? [])] }),
    validator: t.string({
      nullable: true,
      description: 'imoNumber, unLocode, currencyCode, countryCode or email.',
      resolve: (f) => f.validator ?? null,
    }),
  }),
});

builder.queryField('fieldsByCategory', (t) =>
  t.field({
    type: [FieldDefinitionRef],
    description: 'The catalogue fields of a category (empty for unknown). Any signed-in user.',
    authScopes: { authenticated: true },
    args: { category: t.arg({ type: FileCategoryRef, required: true }) },
    resolve: (_root, args) => fieldsByCategory(args.category).map((field) => ({ ...field, category: args.category })),
  }),
);
