import { CopyPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDateFormat } from '../../lib/format.ts';
import { DetailList } from '../../ui/detail-list.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../ui/dialog.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { FACTOR_KIND_LABELS, REGIME_LABELS, VERIFICATION_LABELS } from './emission-format.ts';
import type { EmissionFactor } from './graphql.ts';

/**
 * One factor version: its value exactly as printed, what it applies to, where it stands (document, section,
 * edition) and, for an own factor, the evidence given. An own factor can get a new version from here.
 */
export const FactorSheet = ({
  factor,
  canManage,
  onClose,
  onNewVersion,
}: {
  factor: EmissionFactor | null;
  canManage: boolean;
  onClose: () => void;
  onNewVersion: (factor: EmissionFactor) => void;
}) => {
  const { formatDateTime } = useDateFormat();
  return (
    <Dialog open={factor !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel="Close the factor"
        className="left-auto right-0 top-0 h-dvh max-h-dvh w-full max-w-xl translate-x-0 translate-y-0 rounded-none border-y-0 border-r-0 sm:w-[36rem]"
      >
        {factor ? (
          <>
            <DialogHeader>
              <DialogTitle className="font-mono text-base [overflow-wrap:anywhere]">
                {factor.key}@{factor.version}
              </DialogTitle>
              <DialogDescription>{FACTOR_KIND_LABELS[factor.kind]}</DialogDescription>
            </DialogHeader>
            <div className="flex flex-wrap gap-2">
              {factor.builtIn ? (
                <StatusBadge variant="secondary">Built in</StatusBadge>
              ) : (
                <StatusBadge variant="outline">{factor.supplier ? `For ${factor.supplier.name} only` : 'Your own'}</StatusBadge>
              )}
              <StatusBadge variant="outline">{REGIME_LABELS[factor.regime] ?? factor.regime}</StatusBadge>
              <StatusBadge variant="outline">{VERIFICATION_LABELS[factor.verification]?.badge ?? factor.verification}</StatusBadge>
            </div>
            <p className="text-sm text-muted-foreground">{VERIFICATION_LABELS[factor.verification]?.explanation}</p>
            <section className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">Value</h3>
              <DetailList
                items={[
                  [
                    'Value',
                    <span key="v" className="font-mono tabular-nums">
                      {factor.value}
                    </span>,
                  ],
                  ['Unit', factor.unit],
                  ['Fuel', factor.fuel ?? '—'],
                  ['Engine', factor.consumer ?? '—'],
                  ['Activity', factor.activity ?? '—'],
                  ['Valid from', factor.validFrom],
                  ['Valid until', factor.validTo ?? 'Still applies'],
                ]}
              />
            </section>
            <section className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">Source</h3>
              <DetailList
                items={[
                  ['Document', factor.source.document],
                  ['Section', factor.source.section],
                  ['Edition', factor.source.edition],
                  ...(factor.builtIn
                    ? []
                    : ([
                        ['Evidence', factor.evidence ?? '—'],
                        ['Added', formatDateTime(factor.createdAt)],
                      ] as [string, ReactNode][])),
                ]}
              />
            </section>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" asChild>
                <Link to={`/app/emissions/factors?search=${encodeURIComponent(factor.key)}&versions=all`} onClick={onClose}>
                  Every version
                </Link>
              </Button>
              {canManage && !factor.builtIn ? (
                <Button onClick={() => onNewVersion(factor)}>
                  <CopyPlus aria-hidden="true" />
                  New version
                </Button>
              ) : null}
            </div>
          </>
        ) : (
          <DialogHeader>
            <DialogTitle>Factor</DialogTitle>
          </DialogHeader>
        )}
      </DialogContent>
    </Dialog>
  );
};
