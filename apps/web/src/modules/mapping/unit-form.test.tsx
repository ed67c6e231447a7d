import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fuelField } from './test-fixtures.ts';
import { parseDecimal, UnitForm } from './unit-form.tsx';

type OnSave = (transformation: unknown) => Promise<string | null>;

const show = (onSave = vi.fn<OnSave>(async () => null), initialUnit = 't', initialDensity: number | null = null) => {
  render(<UnitForm field={fuelField()} columnName="Fuel ROB" initialUnit={initialUnit} initialDensity={initialDensity} onSave={onSave} />);
  return onSave;
};

describe('unit and density form', () => {
  it('saves a mass unit without asking for a density', async () => {
    const onSave = show();
    expect(screen.queryByLabelText('Density (t/m³)')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Unit of the values'), 'kg');
    await userEvent.click(screen.getByRole('button', { name: 'Save unit' }));
    expect(onSave).toHaveBeenCalledWith({ type: 'unit_conversion', unit: 'kg' });
    expect(await screen.findByText('Unit saved.')).toBeInTheDocument();
  });

  it('asks for the density of a volume, refuses a missing or unlikely one, and takes a decimal comma', async () => {
    const onSave = show();
    await userEvent.selectOptions(screen.getByLabelText('Unit of the values'), 'm3');
    const density = screen.getByLabelText('Density (t/m³)');
    await userEvent.click(screen.getByRole('button', { name: 'Save unit' }));
    expect(await screen.findByText('Enter the density in t/m³ to turn Cubic metres into tonnes.')).toBeInTheDocument();
    expect(density).toHaveFocus();
    expect(density).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(density, '991');
    expect(await screen.findByText(/A density between 0.1 and 2 t\/m³ is expected/)).toBeInTheDocument();
    await userEvent.clear(density);
    await userEvent.type(density, 'heavy');
    expect(await screen.findByText('Enter the density as a number, e.g. 0.991.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.clear(density);
    await userEvent.type(density, '0,991');
    await userEvent.click(screen.getByRole('button', { name: 'Save unit' }));
    expect(onSave).toHaveBeenCalledWith({ type: 'unit_conversion', unit: 'm3', density: 0.991 });
  });

  it('starts from the saved unit and density', () => {
    show(undefined, 'm3', 0.85);
    expect(screen.getByLabelText('Unit of the values')).toHaveValue('m3');
    expect(screen.getByLabelText('Density (t/m³)')).toHaveValue('0.85');
  });

  it('shows the server’s refusal in the red alert', async () => {
    show(
      vi.fn<OnSave>(async () => 'The unit “m3” needs a density for Fuel consumed.'),
      't',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save unit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The unit “m3” needs a density for Fuel consumed.');
    expect(screen.queryByText('Unit saved.')).toBeNull();
  });

  it('reads decimals written with a point or a comma, and nothing else', () => {
    expect(parseDecimal('0.991')).toBe(0.991);
    expect(parseDecimal(' 0,85 ')).toBe(0.85);
    expect(parseDecimal('.9')).toBe(0.9);
    expect(parseDecimal('1,000.5')).toBeNaN();
    expect(parseDecimal('-1')).toBeNaN();
    expect(parseDecimal('')).toBeNaN();
  });
});
