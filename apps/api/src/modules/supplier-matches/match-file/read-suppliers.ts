import type { Executor } from '@tidewise/db/client';
import type { StoredSupplierIdentifiers } from '@tidewise/db/schema/requests';
import { normalizeCompanyName } from '@tidewise/shared/supplier-matching/index';
import { sql } from 'drizzle-orm';

/** Entries read per query: a page of names and identifiers, never the whole file. */
export const ENTRY_PAGE_SIZE = 10_000;
/** Spellings of one supplier counted to choose the name shown; past this the first ones stand. */
const MAX_SPELLINGS = 20;
/** The identifier fields matching reads when the run mapped them (decision 6). */
export const IDENTIFIER_FIELDS = {
  registrationNumber: 'registration_number',
  email: 'contact_email',
  supplierId: 'supplier_id',
  country: 'country',
} as const satisfies Record<keyof Omit<StoredSupplierIdentifiers, 'imoCompanyNumber'>, string>;

type IdentifierKey = keyof typeof IDENTIFIER_FIELDS;

/** One distinct supplier of a file: its rows and what the rows say about it. */
export type SupplierGroup = {
  normalizedName: string;
  /** The spelling used most in the file (the first one on a tie). */
  supplierName: string;
  /** 0-based data rows, ascending. */
  rowIndices: number[];
  identifiers: StoredSupplierIdentifiers;
};

type Building = SupplierGroup & { spellings: Map<string, number> };

/** The key rows are grouped by: the normalised name, or the name in lower case when nothing of it is left. */
export const supplierKeyOf = (name: string): string => normalizeCompanyName(name) || name.trim().toLowerCase();

const text = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const trimmed = String(value).trim();
  return trimmed === '' ? null : trimmed;
};

type Row = { row_index: number; name: string | null } & Partial<Record<IdentifierKey, string | null>>;

/**
 * Groups a file's entries of one generation by supplier, reading a page of ENTRY_PAGE_SIZE rows at a time in the
 * primary key's order and only the supplier and identifier values (`values` is a JSON array aligned with the run's
 * entry fields). Rows without a supplier name are left out. Memory grows with the distinct suppliers and the row
 * indices, never with the entries' values.
 */
export const readSupplierGroups = async (
  db: Executor,
  input: { generation: number; entryFields: readonly string[]; supplierField: string },
): Promise<SupplierGroup[]> => {
  const nameIndex = input.entryFields.indexOf(input.supplierField);
  if (nameIndex < 0) return [];
  const identifierColumns = (Object.entries(IDENTIFIER_FIELDS) as [IdentifierKey, string][])
    .map(([key, field]) => ({ key, index: input.entryFields.indexOf(field) }))
    .filter((column) => column.index >= 0);
  const selectIdentifiers = identifierColumns.map((column) => sql`, e.values ->> ${column.index}::int AS ${sql.identifier(column.key)}`);
  const groups = new Map<string, Building>();
  let after = -1;
  for (;;) {
    const { rows } = (await db.execute(
      sql`SELECT e.row_index, e.values ->> ${nameIndex}::int AS name${sql.join(selectIdentifiers, sql``)}
          FROM data_entries e WHERE e.generation = ${input.generation}::int AND e.row_index > ${after}::int
          ORDER BY e.row_index LIMIT ${ENTRY_PAGE_SIZE}::int`,
    )) as unknown as { rows: Row[] };
    for (const row of rows) {
      const name = text(row.name);
      if (!name) continue;
      const key = supplierKeyOf(name);
      let group = groups.get(key);
      if (!group) {
        group = { normalizedName: key, supplierName: name, rowIndices: [], identifiers: {}, spellings: new Map() };
        groups.set(key, group);
      }
      group.rowIndices.push(Number(row.row_index));
      const count = group.spellings.get(name);
      if (count !== undefined) group.spellings.set(name, count + 1);
      else if (group.spellings.size < MAX_SPELLINGS) group.spellings.set(name, 1);
      for (const { key: identifier } of identifierColumns) {
        if (group.identifiers[identifier]) continue;
        const value = text(row[identifier]);
        if (value) group.identifiers[identifier] = value;
      }
    }
    const last = rows.at(-1);
    if (!last || rows.length < ENTRY_PAGE_SIZE) break;
    after = Number(last.row_index);
  }
  return [...groups.values()].map(({ spellings, ...group }) => {
    let best = group.supplierName;
    let most = 0;
    for (const [spelling, count] of spellings) {
      if (count > most) {
        best = spelling;
        most = count;
      }
    }
    return { ...group, supplierName: best };
  });
};
