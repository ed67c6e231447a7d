import { FACTOR_FUELS, FACTOR_KINDS, REGIMES } from '@tidewise/shared/emissions/factors/types';
import { BookOpen, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { type ListConfig, param, useListParams } from '../../lib/list-params.ts';
import { usePageMeta } from '../../lib/page-meta.ts';
import { useViewer } from '../../lib/viewer.ts';
import { Button } from '../../ui/button.tsx';
import type { Column } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Label } from '../../ui/label.tsx';
import { ClearFiltersButton, ListPage } from '../../ui/list-page.tsx';
import { SearchInput } from '../../ui/search-input.tsx';
import { Select } from '../../ui/select.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { FACTOR_KIND_LABELS, REGIME_LABELS } from './emission-format.ts';
import { EmissionsNav } from './emissions-nav.tsx';
import { FactorFormDialog } from './factor-form-dialog.tsx';
import { FactorSheet } from './factor-sheet.tsx';
import { type EmissionFactor, type EmissionFactorFilter, EmissionFactorsQuery } from './graphql.ts';
import { SettingsCard } from './settings-card.tsx';

type FactorFilterKey = 'search' | 'kind' | 'origin' | 'regime' | 'fuel' | 'versions';

/** The library's address: `?search=&kind=&origin=builtin|own&regime=&fuel=&versions=all&page=&size=`. */
const FACTOR_LIST = {
  sortFields: {},
  filters: {
    search: param.text(200),
    kind: param.oneOf(FACTOR_KINDS),
    origin: param.oneOf(['builtin', 'own']),
    regime: param.oneOf(REGIMES),
    fuel: param.oneOf(FACTOR_FUELS),
    versions: param.oneOf(['all']),
  },
} satisfies ListConfig<FactorFilterKey, never>;

const toFilter = (f: Record<FactorFilterKey, string>): EmissionFactorFilter => ({
  ...(f.search ? { search: f.search } : {}),
  ...(f.kind ? { kind: f.kind as EmissionFactorFilter['kind'] } : {}),
  ...(f.origin ? { builtIn: f.origin === 'builtin' } : {}),
  ...(f.regime ? { regime: f.regime } : {}),
  ...(f.fuel ? { fuel: f.fuel } : {}),
  ...(f.versions === 'all' ? { allVersions: true } : {}),
});

const validity = (factor: EmissionFactor) => (factor.validTo ? `${factor.validFrom} to ${factor.validTo}` : `from ${factor.validFrom}`);

/**
 * The factor library: the platform's factors and the organisation's own, each with its source, filtered and
 * searched from the address, every version on request. A factor opens its detail; those who manage emissions
 * add factors (or a new version of their own) and change the settings, which recomputes the figures.
 */
export const FactorsPage = () => {
  usePageMeta({ title: 'Emission factors', description: 'The factor library with the source of every value, and your own factors.' });
  const { can } = useViewer();
  const canManage = can('emissions:manage');
  const list = useListParams(FACTOR_LIST);
  const filter = useMemo(() => toFilter(list.filters), [list.filters]);
  const [result, refetch] = useQuery({ query: EmissionFactorsQuery, variables: { filter, pagination: list.pagination } });
  const [openFactor, setOpenFactor] = useState<EmissionFactor | null>(null);
  const [form, setForm] = useState<{ replaces: EmissionFactor | null } | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  const columns: Column<EmissionFactor>[] = [
    {
      id: 'key',
      header: 'Factor',
      cell: (f) => (
        <span className="flex flex-col">
          <span className="font-mono text-xs [overflow-wrap:anywhere]">
            {f.key}@{f.version}
          </span>
          <span className="text-xs text-muted-foreground">{FACTOR_KIND_LABELS[f.kind]}</span>
        </span>
      ),
    },
    { id: 'applies', header: 'Applies to', cell: (f) => [f.fuel, f.consumer, f.activity].filter(Boolean).join(' · ') || '—' },
    {
      id: 'value',
      header: 'Value',
      cell: (f) => (
        <span className="whitespace-nowrap">
          <span className="font-mono tabular-nums">{f.value}</span> {f.unit}
        </span>
      ),
    },
    { id: 'regime', header: 'Regime', cell: (f) => REGIME_LABELS[f.regime] ?? f.regime },
    {
      id: 'source',
      header: 'Source',
      className: 'hidden lg:table-cell',
      cell: (f) => <span className="[overflow-wrap:anywhere]">{f.source.document}</span>,
    },
    { id: 'valid', header: 'Valid', cell: validity },
    {
      id: 'origin',
      header: 'Origin',
      cell: (f) =>
        f.builtIn ? (
          <span className="flex flex-wrap gap-1">
            <StatusBadge variant="secondary">Built in</StatusBadge>
            {f.verification === 'transcribed' ? <StatusBadge variant="outline">Transcribed</StatusBadge> : null}
          </span>
        ) : (
          <StatusBadge variant="outline">{f.supplier ? `For ${f.supplier.name}` : 'Your own'}</StatusBadge>
        ),
    },
  ];

  const select = (key: FactorFilterKey, label: string, options: readonly (readonly [string, string])[], every: string) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`factors-${key}`}>{label}</Label>
      <Select id={`factors-${key}`} value={list.filters[key]} onChange={(e) => list.setFilters({ [key]: e.target.value })}>
        <option value="">{every}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </div>
  );

  return (
    <ListPage
      width="max-w-7xl"
      title="Emission factors"
      description="Every factor with the document, section and edition it comes from. A new version never changes results computed with an older one."
      actions={
        canManage ? (
          <Button onClick={() => setForm({ replaces: null })}>
            <Plus aria-hidden="true" />
            Add factor
          </Button>
        ) : null
      }
      intro={<EmissionsNav />}
      filters={
        <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4">
          <SearchInput
            id="factors-search"
            label="Search factors"
            placeholder="Search key, fuel, activity or document"
            value={list.filters.search}
            onChange={(search) => list.setFilters({ search })}
          />
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
            {select(
              'kind',
              'Kind',
              FACTOR_KINDS.map((k) => [k, FACTOR_KIND_LABELS[k]] as const),
              'Every kind',
            )}
            {select(
              'fuel',
              'Fuel',
              FACTOR_FUELS.map((f) => [f, f.replaceAll('_', ' / ')] as const),
              'Every fuel',
            )}
            {select(
              'regime',
              'Regime',
              REGIMES.map((r) => [r, REGIME_LABELS[r] ?? r] as const),
              'Every regime',
            )}
            {select(
              'origin',
              'Origin',
              [
                ['builtin', 'Built in'],
                ['own', 'Your own'],
              ] as const,
              'Built in and your own',
            )}
            {select('versions', 'Versions', [['all', 'Every version']] as const, 'Latest of each')}
          </div>
        </div>
      }
      notices={
        created ? (
          <p role="status" className="text-sm text-success">
            {created}
          </p>
        ) : null
      }
      caption="Emission factors"
      columns={columns}
      list={list}
      connection={result.data?.emissionFactors}
      fetching={result.fetching}
      error={result.error}
      onRetry={() => refetch({ requestPolicy: 'network-only' })}
      getRowId={(f) => f.id}
      rowLabel={(f) => `${f.key} version ${f.version}`}
      onRowActivate={setOpenFactor}
      empty={
        <EmptyState
          icon={BookOpen}
          title="No factors match"
          description="Try another search, or drop a filter."
          action={<ClearFiltersButton list={list}>Drop every filter</ClearFiltersButton>}
        />
      }
    >
      <SettingsCard canManage={canManage} />
      <FactorSheet
        factor={openFactor}
        canManage={canManage}
        onClose={() => setOpenFactor(null)}
        onNewVersion={(factor) => {
          setOpenFactor(null);
          setForm({ replaces: factor });
        }}
      />
      <FactorFormDialog
        open={form !== null}
        onOpenChange={(open) => !open && setForm(null)}
        replaces={form?.replaces ?? null}
        onCreated={(factor) => {
          setCreated(`${factor.key} version ${factor.version} added. The figures will be recomputed with it.`);
          refetch({ requestPolicy: 'network-only' });
        }}
      />
    </ListPage>
  );
};
