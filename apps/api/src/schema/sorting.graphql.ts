import { SORT_DIRECTIONS } from '../lib/sorting.ts';
import { builder } from './builder.ts';

export const SortDirectionRef = builder.enumType('SortDirection', {
  description: 'ASC: smallest, earliest or A first; DESC: the reverse.',
  values: SORT_DIRECTIONS,
});

/**
 * Declares `<Name>SortField` (the whitelisted fields) and `<Name>SortInput { field, direction }`, the
 * shape of every list's optional `sort` argument. Without `sort` a list keeps its default order.
 */
export const sortInputOf = <const Field extends string>(name: string, fields: readonly Field[]) => {
  const FieldRef = builder.enumType(`${name}SortField`, { values: fields });
  return builder.inputType(`${name}SortInput`, {
    fields: (t) => ({
      field: t.field({ type: FieldRef, required: true }),
      direction: t.field({ type: SortDirectionRef, required: false, defaultValue: 'ASC' }),
    }),
  });
};
