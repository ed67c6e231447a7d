import { StatusBadge } from '../../ui/status-badge.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { humanize, useDateFormat } from '../../lib/format.ts';
import { diffRows, displayValue } from './diff.ts';
import type { AuditLog } from './graphql.ts';
import { auditStatusVariant } from './status.ts';

const KIND_LABEL = { added: 'Added', removed: 'Removed', changed: 'Changed', unchanged: 'Unchanged' } as const;

/** One audit entry: who did what and when, the field-by-field before/after of `changes`, and the request facts. */
export const AuditEntryDialog = ({ entry, onOpenChange }: { entry: AuditLog | null; onOpenChange: (open: boolean) => void }) => {
  const { formatDateTime } = useDateFormat();
  const rows = diffRows(entry?.changes);
  const metadata = Object.entries(entry?.metadata ?? {});
  return (
    <Dialog open={entry !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        {entry ? (
          <>
            <DialogHeader>
              <DialogTitle>{entry.description}</DialogTitle>
              <DialogDescription>
                {entry.email ?? 'System'} · {formatDateTime(entry.createdAt)} · entry #{entry.sequence}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Action</dt>
              <dd className="break-all font-mono text-xs">{entry.action}</dd>
              <dt className="text-muted-foreground">Resource</dt>
              <dd className="break-all">
                {humanize(entry.resource)}
                {entry.resourceId ? <span className="ml-2 font-mono text-xs text-muted-foreground">{entry.resourceId}</span> : null}
              </dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <StatusBadge variant={auditStatusVariant(entry.status)}>{humanize(entry.status)}</StatusBadge>
              </dd>
            </dl>
            <section aria-labelledby="audit-changes-title" className="flex flex-col gap-2">
              <h3 id="audit-changes-title" className="text-sm font-semibold">
                Changes
              </h3>
              {rows.length === 0 ? (
                <p className="text-sm text-muted-foreground">This entry records no field changes.</p>
              ) : (
                <div className="relative overflow-x-auto rounded-lg border border-border">
                  <table className="w-full border-collapse text-sm">
                    <caption className="sr-only">Values before and after the change</caption>
                    <thead className="bg-muted/40 text-left">
                      <tr>
                        <th scope="col" className="px-3 py-2 font-semibold text-muted-foreground">
                          Field
                        </th>
                        <th scope="col" className="px-3 py-2 font-semibold text-muted-foreground">
                          Before
                        </th>
                        <th scope="col" className="px-3 py-2 font-semibold text-muted-foreground">
                          After
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((row) => (
                        <tr key={row.field} className="border-t border-border align-top">
                          <th scope="row" className="px-3 py-2 text-left font-medium">
                            {row.field}
                            <span className="block text-xs font-normal text-muted-foreground">{KIND_LABEL[row.kind]}</span>
                          </th>
                          <td className={cn('px-3 py-2', row.kind !== 'unchanged' && row.kind !== 'added' && 'bg-destructive/10')}>
                            <pre className="whitespace-pre-wrap break-all font-mono text-xs">{row.before}</pre>
                          </td>
                          <td className={cn('px-3 py-2', row.kind !== 'unchanged' && row.kind !== 'removed' && 'bg-success/10')}>
                            <pre className="whitespace-pre-wrap break-all font-mono text-xs">{row.after}</pre>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </section>
            {metadata.length > 0 ? (
              <section aria-labelledby="audit-request-title" className="flex flex-col gap-2">
                <h3 id="audit-request-title" className="text-sm font-semibold">
                  Request
                </h3>
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  {metadata.map(([key, value]) => (
                    <div key={key} className="contents">
                      <dt className="text-muted-foreground">{humanize(key)}</dt>
                      <dd className="break-all font-mono text-xs">{displayValue(value)}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ) : null}
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
};
