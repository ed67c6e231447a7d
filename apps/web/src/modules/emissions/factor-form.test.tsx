import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Answers, type Sent, testClient, WithClient } from '../../test/test-client.tsx';
import { FactorFormDialog } from './factor-form-dialog.tsx';
import { emptyFactorForm, factorFormSchema, toFactorInput } from './factor-schema.ts';
import type { EmissionFactor } from './graphql.ts';

const SUPPLIER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

const issues = (value: unknown) => {
  const result = factorFormSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

const complete = {
  ...emptyFactorForm(),
  kind: 'cf',
  fuel: 'HFO',
  value: '3.114',
  unit: 't CO2/t fuel',
  document: 'Bunker delivery notes',
  section: 'Note 14',
  edition: '2025',
  evidence: 'Laboratory report 2025-118',
  validFrom: '2025-01-01',
};

describe('factorFormSchema', () => {
  it('says every problem of an empty form at once', () => {
    expect(issues(emptyFactorForm())).toEqual([
      ['kind', 'Pick the kind of factor'],
      ['value', 'Enter the value'],
      ['document', 'Name the source document'],
      ['section', 'Name the table or section of the document'],
      ['edition', 'Give the edition or date of the document'],
      ['evidence', 'Say what shows the value holds, like a supplier’s declaration'],
      ['validFrom', 'Give the first day it applies'],
    ]);
  });

  it('asks for the fuel of a fuel factor, the activity of an activity factor, and a unit the kind allows', () => {
    expect(issues({ ...complete, fuel: '' })).toEqual([['fuel', 'Pick the fuel']]);
    expect(issues({ ...complete, kind: 'glec_intensity', fuel: '', unit: 't CO2/t fuel' })).toEqual([
      ['activity', 'Name the activity it applies to'],
      ['unit', 'Pick the unit'],
    ]);
    expect(issues({ ...complete, kind: 'glec_intensity', fuel: '', activity: 'Container ship', unit: 'gCO2e/t·km' })).toEqual([]);
  });

  it('takes the value exactly as printed, a positive decimal with a point', () => {
    expect(issues({ ...complete, value: '3,114' })).toEqual([['value', 'Write the value as a decimal number with a point, like 3.114']]);
    expect(issues({ ...complete, value: '3.1e2' })).toEqual([['value', 'Write the value as a decimal number with a point, like 3.114']]);
    expect(issues({ ...complete, value: '0.000' })).toEqual([['value', 'The value must be more than 0']]);
    expect(issues({ ...complete, value: ' 0.0405 ' })).toEqual([]);
    // The server keeps at most 12 digits on either side of the point.
    expect(issues({ ...complete, value: '0.1234567890123' })).toEqual([
      ['value', 'Write the value as a decimal number with a point, like 3.114'],
    ]);
  });

  it('sends an engine only with LNG, the one fuel whose factors differ by engine', () => {
    const lng = factorFormSchema.parse({
      ...complete,
      kind: 'slip',
      fuel: 'LNG',
      consumer: 'LNG_DIESEL',
      unit: '% of fuel mass',
      value: '0.2',
    });
    expect(toFactorInput(lng, null)).toMatchObject({ fuel: 'LNG', consumer: 'LNG_DIESEL' });
    expect(toFactorInput({ ...lng, fuel: 'HFO' }, null)).not.toHaveProperty('consumer');
  });

  it('wants the end of the validity after its first day', () => {
    expect(issues({ ...complete, validTo: '2025-01-01' })).toEqual([['validTo', 'The end must be after the first day']]);
    expect(issues({ ...complete, validTo: '2026-01-01' })).toEqual([]);
  });
});

const created = (input: Record<string, unknown>): EmissionFactor => ({
  id: `own.cf.hfo@${input.replacesKey ? 2 : 1}`,
  key: 'own.cf.hfo',
  version: input.replacesKey ? 2 : 1,
  kind: 'cf',
  regime: 'organization',
  fuel: 'HFO',
  consumer: null,
  activity: null,
  value: String(input.value),
  unit: 't CO2/t fuel',
  builtIn: false,
  verification: 'read_at_source',
  validFrom: String(input.validFrom),
  validTo: null,
  evidence: String(input.evidence),
  createdAt: '2025-11-02T08:00:00Z',
  source: { document: String(input.document), section: String(input.section), edition: String(input.edition) },
  supplier: input.supplierOrganizationId ? { id: SUPPLIER, name: 'Nordic Bunkers AS' } : null,
});

const answers = (createAnswer?: Answers[string]): Answers => ({
  FactorSuppliers: () => ({
    data: {
      organizationRelationships: {
        data: [{ id: 'r1', supplierOrganization: { id: SUPPLIER, name: 'Nordic Bunkers AS' } }],
        pageInfo: { totalCount: 1 },
      },
    },
  }),
  CreateEmissionFactor: createAnswer ?? ((v) => ({ data: { createEmissionFactor: created(v.input as Record<string, unknown>) } })),
});

const show = (given: Answers, sent: Sent[], replaces: EmissionFactor | null = null) => {
  const onCreated = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <WithClient client={testClient(given, sent)} showLocation={false}>
      <FactorFormDialog open onOpenChange={onOpenChange} replaces={replaces} onCreated={onCreated} />
    </WithClient>,
  );
  return { onCreated, onOpenChange };
};

describe('Add factor', () => {
  it('shows each message on its field, then sends the factor once it is right', async () => {
    const user = userEvent.setup();
    const sent: Sent[] = [];
    const { onCreated, onOpenChange } = show(answers(), sent);
    const dialog = screen.getByRole('dialog', { name: 'Add factor' });
    await user.click(within(dialog).getByRole('button', { name: 'Add factor' }));
    expect(await within(dialog).findByText('Pick the kind of factor')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the value')).toBeInTheDocument();
    expect(within(dialog).getByText('Give the first day it applies')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Kind')).toHaveFocus();
    expect(within(dialog).getByLabelText('Kind')).toHaveAccessibleDescription('Pick the kind of factor');

    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'cf');
    // A kind with one unit takes it; a fuel kind asks for the fuel.
    expect(within(dialog).getByLabelText('Unit')).toHaveValue('t CO2/t fuel');
    await user.click(within(dialog).getByRole('button', { name: 'Add factor' }));
    expect(await within(dialog).findByText('Pick the fuel')).toBeInTheDocument();
    expect(within(dialog).queryByText('Pick the kind of factor')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Fuel'), 'HFO');
    await user.type(within(dialog).getByLabelText('Value'), '3,114');
    expect(await within(dialog).findByText('Write the value as a decimal number with a point, like 3.114')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Value'));
    await user.type(within(dialog).getByLabelText('Value'), '3.114');
    await user.type(within(dialog).getByLabelText('Source document'), 'Bunker delivery notes 2025');
    await user.type(within(dialog).getByLabelText('Section or table'), 'Note 14');
    await user.type(within(dialog).getByLabelText('Edition or date'), 'March 2025');
    await user.type(within(dialog).getByLabelText('Evidence'), 'Laboratory report 2025-118');
    await waitFor(() => expect(within(dialog).getByRole('option', { name: 'Nordic Bunkers AS' })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByLabelText(/^Only for supplier/), SUPPLIER);
    await user.type(within(dialog).getByLabelText('Valid from'), '2025-01-01');
    await user.type(within(dialog).getByLabelText(/^Valid until/), '2024-12-31');
    await user.click(within(dialog).getByRole('button', { name: 'Add factor' }));
    expect(await within(dialog).findByText('The end must be after the first day')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Valid until/));
    await user.click(within(dialog).getByRole('button', { name: 'Add factor' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(sent.find((s) => s.name === 'CreateEmissionFactor')?.variables).toEqual({
      input: {
        kind: 'cf',
        fuel: 'HFO',
        value: '3.114',
        unit: 't CO2/t fuel',
        document: 'Bunker delivery notes 2025',
        section: 'Note 14',
        edition: 'March 2025',
        evidence: 'Laboratory report 2025-118',
        supplierOrganizationId: SUPPLIER,
        validFrom: '2025-01-01',
      },
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('puts the server’s refusal on the field it names', async () => {
    const user = userEvent.setup();
    const sent: Sent[] = [];
    show(
      answers(() => ({ error: 'This value differs from the source by more than its printed precision', field: 'input.value' })),
      sent,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add factor' });
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'spend');
    await user.type(within(dialog).getByLabelText('Activity'), 'Ship repair services');
    await user.type(within(dialog).getByLabelText('Value'), '0.42');
    await user.type(within(dialog).getByLabelText('Source document'), 'EXIOBASE 3.8');
    await user.type(within(dialog).getByLabelText('Section or table'), 'Other transport equipment');
    await user.type(within(dialog).getByLabelText('Edition or date'), '2021');
    await user.type(within(dialog).getByLabelText('Evidence'), 'Our consultant’s mapping');
    await user.type(within(dialog).getByLabelText('Valid from'), '2025-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add factor' }));
    const value = within(dialog).getByLabelText('Value');
    await waitFor(() => expect(value).toHaveAccessibleDescription(/This value differs from the source/));
    expect(value).toHaveFocus();
    expect(sent.find((s) => s.name === 'CreateEmissionFactor')?.variables.input).toMatchObject({
      kind: 'spend',
      activity: 'Ship repair services',
      unit: 'kgCO2e/EUR',
    });
  });

  it('adds a new version of an own factor under its key', async () => {
    const user = userEvent.setup();
    const sent: Sent[] = [];
    const old = created({
      value: '3.114',
      validFrom: '2024-01-01',
      evidence: 'Old report',
      document: 'Bunker notes',
      section: 'Note 1',
      edition: '2024',
    });
    show(answers(), sent, old);
    const dialog = screen.getByRole('dialog', { name: 'New version of own.cf.hfo' });
    expect(within(dialog).getByText(/Results computed with version 1 keep it/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Fuel')).toHaveValue('HFO');
    await user.type(within(dialog).getByLabelText('Value'), '3.151');
    await user.type(within(dialog).getByLabelText('Evidence'), 'Laboratory report 2025-204');
    await user.type(within(dialog).getByLabelText('Valid from'), '2025-06-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add the new version' }));
    await waitFor(() => expect(sent.some((s) => s.name === 'CreateEmissionFactor')).toBe(true));
    expect(sent.find((s) => s.name === 'CreateEmissionFactor')?.variables.input).toEqual({
      kind: 'cf',
      fuel: 'HFO',
      value: '3.151',
      unit: 't CO2/t fuel',
      document: 'Bunker notes',
      section: 'Note 1',
      edition: '2024',
      evidence: 'Laboratory report 2025-204',
      validFrom: '2025-06-01',
      replacesKey: 'own.cf.hfo',
    });
  });
});
