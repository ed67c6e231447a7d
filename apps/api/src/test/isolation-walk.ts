import { randomUUID } from 'node:crypto';
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
} from 'graphql';

/**
 * Pieces of the tenant-isolation test: finding every place in a root field's arguments where an id
 * goes, filling the other arguments with plausible values, and building a selection that reads
 * every scalar a client could read. Driven by the schema, so new operations are covered unasked.
 */

export type Slot = {
  /** Path from the argument down through input objects, e.g. ['input', 'userId']. */
  path: string[];
  isList: boolean;
};

const ID_NAME = /(^id$|^ids$|Id$|Ids$)/;

const isIdType = (type: GraphQLInputType, name: string) => {
  const named = getNamedType(type);
  return named.name === 'ID' || (named.name === 'String' && ID_NAME.test(name));
};

const listInside = (type: GraphQLInputType) => isListType(getNullableType(type));

/** Every id-typed argument or input field (recursively), with how to put a value there. */
export const findIdSlots = (field: GraphQLField<unknown, unknown>): Slot[] => {
  const slots: Slot[] = [];
  const visit = (name: string, type: GraphQLInputType, path: string[], depth: number) => {
    if (isIdType(type, name)) {
      slots.push({ path, isList: listInside(type) });
      return;
    }
    const named = getNamedType(type);
    if (isInputObjectType(named) && depth < 4) {
      for (const inner of Object.values(named.getFields())) visit(inner.name, inner.type, [...path, inner.name], depth + 1);
    }
  };
  for (const arg of field.args) visit(arg.name, arg.type, [arg.name], 0);
  return slots;
};

const PLAUSIBLE: Record<string, unknown> = {
  email: 'probe@isolation-test.example',
  newEmail: 'probe-new@isolation-test.example',
  password: 'Sturdy#Harbour-42',
  authSecret: 'Sturdy#Harbour-42',
  code: '123456',
  currency: 'EUR',
  timezone: 'Europe/Oslo',
  measurementSystem: 'metric',
  confirmation: 'Probe',
  language: 'en',
};

/** True when an id goes somewhere in this input (itself, or an input field of it, however optional). */
const holdsId = (name: string, type: GraphQLInputType, depth = 0): boolean => {
  if (isIdType(type, name)) return true;
  const named = getNamedType(type);
  return (
    isInputObjectType(named) && depth < 4 && Object.values(named.getFields()).some((inner) => holdsId(inner.name, inner.type, depth + 1))
  );
};

const valueFor = (name: string, type: GraphQLInputType, depth: number): unknown => {
  const inner = getNullableType(type);
  if (isListType(inner)) return [valueFor(name, inner.ofType as GraphQLInputType, depth)];
  const named = getNamedType(type) as GraphQLNamedType;
  if (isIdType(type, name)) return randomUUID();
  if (name in PLAUSIBLE) return PLAUSIBLE[name];
  if (isEnumType(named)) return named.getValues()[0]?.value;
  if (isInputObjectType(named)) {
    if (depth > 4) return {};
    const object: Record<string, unknown> = {};
    for (const field of Object.values(named.getFields())) {
      // Optional inputs that hold an id (a list filter inside an export input) are filled too, so every id slot has a parent.
      if (isNonNullType(field.type) || holdsId(field.name, field.type)) object[field.name] = valueFor(field.name, field.type, depth + 1);
    }
    return object;
  }
  if (isScalarType(named)) {
    switch (named.name) {
      case 'Int':
        return 1;
      case 'Float':
        return 1.5;
      case 'Boolean':
        return false;
      case 'DateTime':
        return new Date().toISOString();
      case 'JSON':
        return {};
      default:
        return 'Probe';
    }
  }
  return null;
};

/** Values for the required arguments (and every id slot), as a client would send them. */
export const baseVariables = (field: GraphQLField<unknown, unknown>) => {
  const variables: Record<string, unknown> = {};
  for (const arg of field.args) {
    const hasIdInside = findIdSlots({ ...field, args: [arg] } as GraphQLField<unknown, unknown>).length > 0;
    if (isNonNullType(arg.type) || hasIdInside) variables[arg.name] = valueFor(arg.name, arg.type, 0);
  }
  return variables;
};

/** A copy of the variables with `value` at the slot. */
export const withSlot = (variables: Record<string, unknown>, slot: Slot, value: string) => {
  const copy = structuredClone(variables);
  let target: Record<string, unknown> = copy;
  slot.path.slice(0, -1).forEach((key) => {
    const next = target[key];
    target = (Array.isArray(next) ? next[0] : next) as Record<string, unknown>;
  });
  const last = slot.path[slot.path.length - 1] ?? '';
  target[last] = slot.isList ? [value] : value;
  return copy;
};

/** Every scalar reachable without arguments, a few levels deep: what a client could read. */
export const fullSelection = (type: GraphQLOutputType, depth = 0): string => {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return '';
  if (isUnionType(named) || isInterfaceType(named) || depth > 3) return '{ __typename }';
  const object = named as GraphQLObjectType;
  const parts = ['__typename'];
  for (const field of Object.values(object.getFields())) {
    if (field.args.some((a) => isNonNullType(a.type))) continue;
    const inner = getNamedType(field.type);
    if (isScalarType(inner) || isEnumType(inner)) parts.push(field.name);
    else if (isObjectType(inner) && depth < 3) parts.push(`${field.name} ${fullSelection(field.type, depth + 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
};

/** `query($a: T!, ...) { field(a: $a, ...) <selection> }` for the arguments present in variables. */
export const documentFor = (
  operation: 'query' | 'mutation' | 'subscription',
  field: GraphQLField<unknown, unknown>,
  variables: Record<string, unknown>,
  selection: string,
) => {
  const used: GraphQLArgument[] = field.args.filter((a) => a.name in variables);
  const declarations = used.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const callArgs = used.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `${operation}${declarations ? `(${declarations})` : ''} { ${field.name}${callArgs ? `(${callArgs})` : ''} ${selection} }`;
};

export const rootFields = (schema: GraphQLSchema) => ({
  query: Object.values(schema.getQueryType()?.getFields() ?? {}),
  mutation: Object.values(schema.getMutationType()?.getFields() ?? {}),
  subscription: Object.values(schema.getSubscriptionType()?.getFields() ?? {}),
});
