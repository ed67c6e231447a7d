import { Alert } from '../../ui/alert.tsx';
import { Card, CardContent } from '../../ui/card.tsx';
import { BulkAccept } from './bulk-accept.tsx';
import { type ColumnActions, ColumnCard } from './column-card.tsx';
import type { ColumnAnalysis, FieldDefinition, FileMapping, MappingFile } from './graphql.ts';
import { mappingOf } from './mapping-logic.ts';

/** The columns of the file, each with its suggestion and mapping, under Accept all. */
export const ColumnList = ({
  file,
  columns,
  mappings,
  fields,
  takenBy,
  invalidValues,
  editable,
  actions,
  notice,
  onBulkDone,
}: {
  file: MappingFile;
  columns: readonly ColumnAnalysis[];
  mappings: readonly FileMapping[];
  fields: readonly FieldDefinition[];
  takenBy: ReadonlyMap<string, string>;
  invalidValues: ReadonlyMap<string, readonly string[]>;
  editable: boolean;
  actions: ColumnActions;
  notice: string | null;
  onBulkDone: (message: string | null) => void;
}) => (
  <section aria-labelledby="mapping-columns" className="flex flex-col gap-4">
    <div className="flex flex-col gap-1">
      <h2 id="mapping-columns" className="text-lg font-semibold">
        Columns
      </h2>
      <p className="text-sm text-muted-foreground">
        Accept the suggestions that are right, reject the wrong ones, or choose a field yourself.
      </p>
    </div>
    {editable ? (
      <Card>
        <CardContent className="pt-6">
          <BulkAccept fileId={file.id} columns={columns} mappings={mappings} onDone={onBulkDone} />
        </CardContent>
      </Card>
    ) : null}
    {notice ? <Alert variant="success">{notice}</Alert> : null}
    <ul className="flex flex-col gap-3">
      {columns.map((column) => {
        const mapping = mappingOf(column, mappings);
        return (
          <ColumnCard
            key={column.id}
            column={column}
            mapping={mapping}
            fields={fields}
            takenBy={takenBy}
            invalidValues={mapping ? (invalidValues.get(mapping.targetField) ?? []) : []}
            editable={editable}
            actions={actions}
          />
        );
      })}
    </ul>
  </section>
);
