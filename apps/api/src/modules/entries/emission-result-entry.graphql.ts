import { builder } from '../../schema/builder.ts';
import { EmissionResultRef } from '../../schema/emissions.graphql.ts';
import { DataEntryRef } from './data-entries.graphql.ts';
import { getDataEntry } from './operations/get-data-entry.ts';

/**
 * EmissionResult.entry: the entry a result was computed from, as `dataEntry(id)` answers it (the entries module owns
 * DataEntry; the emissions report module owns EmissionResult and names the entry by id).
 */
builder.objectField(EmissionResultRef, 'entry', (t) =>
  t.field({ type: DataEntryRef, resolve: (result, _args, ctx) => getDataEntry(ctx, result.entryId) }),
);
