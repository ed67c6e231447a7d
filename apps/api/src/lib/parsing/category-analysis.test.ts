import { expect, it } from 'vitest';
import { analyzeCategory } from './category-analysis.ts';

const now = new Date('2025-01-15T10:00:00Z');

it('recognises vessel fuel consumption from EU MRV-like headers, subscripts included', () => {
  const analysis = analyzeCategory(
    ['IMO Number', 'Name', 'Ship type', 'Total fuel consumption [m tonnes]', 'Total CO₂ emissions [m tonnes]'],
    now,
  );
  expect(analysis.suggestedCategory).toBe('vessel_fuel_consumption');
  expect(analysis.confidence).toBeGreaterThan(0.6);
  expect(analysis.confidence).toBeLessThanOrEqual(1);
  expect(analysis.reasoning).toContain('"IMO Number"');
  expect(analysis.analyzedAt).toBe('2025-01-15T10:00:00.000Z');
});

it('recognises the other categories', () => {
  expect(analyzeCategory(['Supplier name', 'Country', 'Email', 'VAT number']).suggestedCategory).toBe('supplier_list');
  expect(analyzeCategory(['Origin', 'Destination', 'Transport mode', 'Tonne-km']).suggestedCategory).toBe('transport_legs');
  expect(analyzeCategory(['Terminal', 'Crane', 'Moves', 'Diesel [l]']).suggestedCategory).toBe('port_operations');
  expect(analyzeCategory(['Item', 'Quantity', 'Unit price', 'Currency']).suggestedCategory).toBe('purchased_goods_services');
  expect(analyzeCategory(['Site', 'Electricity [kWh]', 'Shore power [kWh]', 'Meter id']).suggestedCategory).toBe('site_energy');
});

it("says 'unknown' in plain words when headers match nothing", () => {
  const analysis = analyzeCategory(['Colour', 'Flavour', 'Mood']);
  expect(analysis.suggestedCategory).toBe('unknown');
  expect(analysis.reasoning).toBe('None of the 3 column headers matches a known category.');
});
