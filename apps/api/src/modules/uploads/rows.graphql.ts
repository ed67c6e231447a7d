import { MAX_SNIPPET_ROWS } from '@tidewise/shared/uploads';
import { builder } from '../../schema/builder.ts';
import { type FileRowSnippet, getFileRowSnippets } from './processing/file-row-snippets.ts';
import type { StoredRow } from './processing/row-chunks.ts';

const FileRowRef = builder.objectRef<StoredRow>('FileRow').implement({
  description: 'One data row of a file as it was read.',
  fields: (t) => ({
    rowNumber: t.exposeInt('rowNumber', { description: 'As the spreadsheet shows it: title and header rows counted.' }),
    values: t.field({
      type: ['JSON'],
      nullable: { list: false, items: true },
      description: 'One per column, in column order: text, number, boolean, ISO date text, or null when empty.',
      resolve: (row) => row.values,
    }),
  }),
});

const FileRowSnippetRef = builder.objectRef<FileRowSnippet>('FileRowSnippet').implement({
  description: 'Rows of a file as parsed.',
  fields: (t) => ({
    fileId: t.exposeID('fileId'),
    columns: t.exposeStringList('columns', { description: 'Detected column names, in order.' }),
    totalRows: t.exposeInt('totalRows', { description: 'Data rows stored.' }),
    fromRow: t.exposeInt('fromRow', { description: '1-based position among the data rows, as asked.' }),
    rows: t.field({ type: [FileRowRef], resolve: (snippet) => snippet.rows }),
  }),
});

builder.queryField('fileRowSnippets', (t) =>
  t.field({
    type: FileRowSnippetRef,
    description: `Data rows fromRow..toRow (1-based) of a file, at most ${MAX_SNIPPET_ROWS} per call; fewer past the rows stored.`,
    authScopes: { permission: 'uploads:read' },
    args: {
      fileId: t.arg.id({ required: true }),
      fromRow: t.arg.int({ required: true }),
      toRow: t.arg.int({ required: true }),
    },
    resolve: (_root, args, ctx) => getFileRowSnippets(ctx, { fileId: String(args.fileId), fromRow: args.fromRow, toRow: args.toRow }),
  }),
);
