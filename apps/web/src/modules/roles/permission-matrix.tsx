import { Check, Minus } from 'lucide-react';
import { Checkbox } from '../../ui/checkbox.tsx';
import { label, type PermissionMatrix } from './matrix.ts';

/**
 * Resources × actions for one role. Editable cells are checkboxes named "<Resource>: <action>";
 * read-only cells show a tick or a dash with the same words for screen readers. Crossings the
 * catalogue does not have are left empty.
 */
export const PermissionMatrixTable = ({
  roleName,
  matrix,
  granted,
  onToggle,
}: {
  roleName: string;
  matrix: PermissionMatrix;
  granted: ReadonlySet<string>;
  onToggle?: (permissionId: string, on: boolean) => void;
}) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard on narrow screens
  <section aria-label={`Permissions of ${roleName}`} tabIndex={0} className="relative overflow-x-auto rounded-lg border border-border">
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Permissions of {roleName}, by resource and action</caption>
      <thead className="bg-muted/40">
        <tr className="border-b border-border">
          <th scope="col" className="sticky left-0 bg-card px-3 py-2 text-left font-semibold text-muted-foreground">
            Resource
          </th>
          {matrix.actions.map((action) => (
            <th key={action} scope="col" className="whitespace-nowrap px-3 py-2 text-center font-semibold text-muted-foreground">
              {label(action)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {matrix.resources.map((resource) => (
          <tr key={resource} className="border-b border-border last:border-0">
            <th scope="row" className="sticky left-0 whitespace-nowrap bg-card px-3 py-2 text-left font-medium">
              {label(resource)}
            </th>
            {matrix.actions.map((action) => {
              const permission = matrix.at(resource, action);
              if (!permission) return <td key={action} className="px-3 py-2" />;
              const on = granted.has(permission.id);
              const name = `${label(resource)}: ${action}`;
              return (
                <td key={action} className="px-3 py-2 text-center" title={permission.description}>
                  {onToggle ? (
                    <Checkbox aria-label={name} checked={on} onChange={(e) => onToggle(permission.id, e.target.checked)} />
                  ) : on ? (
                    <span className="inline-flex text-success">
                      <Check className="size-4" aria-hidden="true" />
                      <span className="sr-only">{name} granted</span>
                    </span>
                  ) : (
                    <span className="inline-flex text-muted-foreground/60">
                      <Minus className="size-4" aria-hidden="true" />
                      <span className="sr-only">{name} not granted</span>
                    </span>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  </section>
);
