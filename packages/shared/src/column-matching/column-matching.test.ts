import { describe, expect, it } from 'vitest';
import { FIELD_CATALOGUE, normalizeLabel } from '../field-catalogue/index.ts';
import type { CatalogueCategory } from '../field-catalogue/types.ts';
import { type ColumnSuggestion, type LearnedMapping, normalizeHeader, type SampleCell, suggestColumnMappings } from './index.ts';
import { EU_MRV_FILES } from './labelled-eu-mrv.ts';
import { LABELLED_FILES } from './labelled-headers.ts';

/** The share of the labelled set the matcher must keep getting right: the figure reached, rounded down. */
const ACCURACY_FLOOR = 0.99;

type Spec = [name: string, values: readonly SampleCell[]];

const suggest = (category: CatalogueCategory, specs: Spec[], learned?: LearnedMapping[]) =>
  suggestColumnMappings({ category, columns: specs.map(([name, values], index) => ({ index, name, values })), learned });

const column = (suggestions: ColumnSuggestion[], name: string): ColumnSuggestion => {
  const found = suggestions.find((s) => s.sourceColumn === name);
  if (!found) throw new Error(`No suggestion for ${name}`);
  return found;
};

const repeat = (count: number, make: (i: number) => SampleCell) => Array.from({ length: count }, (_, i) => make(i));

describe('the labelled header set', () => {
  const all = LABELLED_FILES.flatMap((file) => file.columns.map((c) => ({ ...c, category: file.category })));

  it('has over 300 headers across the six categories, each expecting a field of its category or none', () => {
    expect(all.length).toBeGreaterThanOrEqual(300);
    for (const category of Object.keys(FIELD_CATALOGUE) as CatalogueCategory[]) {
      const ofCategory = all.filter((c) => c.category === category);
      expect(ofCategory.length, category).toBeGreaterThanOrEqual(30);
      const keys = new Set(FIELD_CATALOGUE[category].map((f) => f.key));
      for (const c of ofCategory)
        if (c.expected !== null) expect(keys.has(c.expected), `${category}: ${c.header} → ${c.expected}`).toBe(true);
    }
    // Only the publication's own empty columns ("D" in some years) come without values.
    const mrvColumns = new Set(EU_MRV_FILES.flatMap((file) => file.columns));
    expect(LABELLED_FILES.flatMap((file) => file.columns).filter((c) => c.values.length === 0 && !mrvColumns.has(c))).toEqual([]);
  });

  it('is mostly spellings that are not literally a synonym of the expected field', () => {
    const literal = all.filter((c) => {
      const field = FIELD_CATALOGUE[c.category].find((f) => f.key === c.expected);
      return field !== undefined && [field.key, field.label, ...field.synonyms].some((s) => normalizeLabel(s) === normalizeLabel(c.header));
    });
    expect(literal.length / all.length).toBeLessThan(0.5);
  });

  it('holds every header of both EU MRV publication layouts, "D" twice as in the files', () => {
    expect(EU_MRV_FILES.map((f) => f.columns.length)).toEqual([62, 62]);
    for (const file of EU_MRV_FILES) {
      const headers = file.columns.map((c) => c.header);
      expect(headers.filter((h) => h === 'D')).toHaveLength(2);
      expect(headers).toContain('Total CO₂ emissions [m tonnes]');
      expect(headers).toContain('Annual average Fuel consumption per distance [kg / n mile]');
    }
    expect(EU_MRV_FILES[0]?.columns.map((c) => c.header)).toContain('Annual Total time spent at sea [hours]');
    expect(EU_MRV_FILES[1]?.columns.map((c) => c.header)).toContain('Annual Time spent at sea [hours]');
  });

  it(`suggests the expected field for at least ${ACCURACY_FLOOR * 100}% of the headers`, () => {
    let right = 0;
    const byCategory = new Map<string, { right: number; total: number }>();
    const wrong: string[] = [];
    for (const file of LABELLED_FILES) {
      const suggestions = suggestColumnMappings({
        category: file.category,
        columns: file.columns.map((c, index) => ({ index, name: c.header, values: c.values })),
      });
      file.columns.forEach((c, i) => {
        const tally = byCategory.get(file.category) ?? { right: 0, total: 0 };
        tally.total++;
        if (suggestions[i]?.suggestedTargetField === c.expected) {
          right++;
          tally.right++;
        } else wrong.push(`${file.name}: “${c.header}” → ${suggestions[i]?.suggestedTargetField} (expected ${c.expected})`);
        byCategory.set(file.category, tally);
      });
    }
    const total = LABELLED_FILES.reduce((sum, file) => sum + file.columns.length, 0);
    const categories = [...byCategory].map(([category, t]) => `${category} ${t.right}/${t.total}`).join(', ');
    console.log(`header accuracy: ${right} of ${total} = ${((100 * right) / total).toFixed(1)}% (${categories})`);
    expect(right / total, wrong.join('\n')).toBeGreaterThanOrEqual(ACCURACY_FLOOR);
  });
});

describe('suggestColumnMappings', () => {
  it('answers one suggestion per column, in the columns’ order, with their index and name', () => {
    const suggestions = suggestColumnMappings({
      category: 'vessel_fuel_consumption',
      columns: [
        { index: 7, name: 'Remarks', values: ['late', null] },
        { index: 3, name: 'IMO Number', values: ['9074729'] },
      ],
    });
    expect(suggestions.map((s) => [s.sourceIndex, s.sourceColumn, s.suggestedTargetField])).toEqual([
      [7, 'Remarks', null],
      [3, 'IMO Number', 'imo_number'],
    ]);
  });

  it('matches abbreviations, other languages and typos', () => {
    const suggestions = suggest('vessel_fuel_consumption', [
      ['Fuel cons. [t]', [12.5, 14]],
      ['Skibets navn', ['Hanne Mærsk']],
      ['Distnace sailed', [410, 388]],
      ['Dep. Port', ['NOOSL', 'DEHAM']],
    ]);
    expect(suggestions.map((s) => s.suggestedTargetField)).toEqual(['fuel_mass', 'vessel_name', 'distance', 'departure_port']);
  });

  it('scores a typo the same whatever was compared before', () => {
    const alone = column(suggest('vessel_fuel_consumption', [['Voyge', ['V1', 'V2']]]), 'Voyge');
    suggest('vessel_fuel_consumption', [
      ['Vesel name', ['A']],
      ['Arival date', ['2024-01-01']],
      ['Consumtion', [1]],
    ]);
    const after = column(suggest('vessel_fuel_consumption', [['Voyge', ['V1', 'V2']]]), 'Voyge');
    expect(after).toEqual(alone);
    expect(alone.suggestedTargetField).toBe('voyage_id');
  });

  it('reads the unit from the header and reports it as the field’s unit', () => {
    const numbers = [120.5, 98, 143.2];
    const vessel = suggest('vessel_fuel_consumption', [
      ['Total fuel consumption [m tonnes]', numbers],
      ['Distance NM', numbers],
      ['Steaming time (hrs)', numbers],
      ['Total CO₂ emissions [m tonnes]', numbers],
    ]);
    expect(vessel.map((s) => [s.suggestedTargetField, s.detectedUnit])).toEqual([
      ['fuel_mass', 't'],
      ['distance', 'nm'],
      ['hours_at_sea', 'h'],
      ['reported_co2', 't CO2'],
    ]);
    expect(column(suggest('vessel_fuel_consumption', [['Fuel (m³)', numbers]]), 'Fuel (m³)')).toMatchObject({
      suggestedTargetField: 'fuel_mass',
      detectedUnit: 'm3',
    });
    expect(column(suggest('vessel_fuel_consumption', [['Remarks', ['ok']]]), 'Remarks').detectedUnit).toBeNull();
  });

  it('takes a unit only one field accepts as a hint, and one a field does not accept as evidence against it', () => {
    const suggestions = suggest('transport_legs', [
      ['Fuel', ['Diesel', 'HVO', 'Diesel']],
      ['Fuel [kWh]', [120, 240, 80]],
      ['Total (TKM)', [1200, 300]],
    ]);
    expect(column(suggestions, 'Fuel').suggestedTargetField).toBe('energy_carrier');
    expect(column(suggestions, 'Fuel [kWh]')).toMatchObject({ suggestedTargetField: 'energy_consumption', detectedUnit: 'kWh' });
    expect(column(suggestions, 'Total (TKM)').suggestedTargetField).toBeNull();
  });

  it('lets the values overrule a misleading header', () => {
    const suggestions = suggest('vessel_fuel_consumption', [
      ['Ship', ['9074729', '9321483', 'IMO 9074729']],
      ['Fuel', [12.5, 14, 13.25]],
      ['Grade', ['IFO 380', 'MGO', 'VLSFO', 'MGO']],
    ]);
    const ship = column(suggestions, 'Ship');
    expect(ship.suggestedTargetField).toBe('imo_number');
    expect(ship.reasoning).toContain('all 3 values are IMO numbers with a valid check digit');
    expect(ship.alternativeSuggestions.map((a) => a.targetField)).toContain('vessel_name');
    expect(column(suggestions, 'Fuel').suggestedTargetField).toBe('fuel_mass');
    expect(column(suggestions, 'Grade').suggestedTargetField).toBe('fuel_type');
  });

  it('does not take a text column for a quantity', () => {
    const fuel = column(
      suggest('vessel_fuel_consumption', [['Fuel consumption', ['see voyage report', 'n/a', 'estimated', 'pending']]]),
      'Fuel consumption',
    );
    expect(fuel.suggestedTargetField).toBeNull();
    expect(fuel.reasoning).toContain('none of 3 values is a number');
  });

  it('puts what the organization mapped before first, and says so', () => {
    const learned: LearnedMapping[] = [
      { normalizedHeader: normalizeHeader('Bunker MT'), targetField: 'fuel_mass', count: 3 },
      { normalizedHeader: normalizeHeader('Cargo'), targetField: 'cargo_teu', count: 1 },
      { normalizedHeader: normalizeHeader('Remarks'), targetField: 'hub_name', count: 9 },
    ];
    const suggestions = suggest(
      'vessel_fuel_consumption',
      [
        ['Bunker MT', [220, 310]],
        ['Cargo', [1200, 1850]],
        ['Remarks', ['late']],
      ],
      learned,
    );
    const bunker = column(suggestions, 'Bunker MT');
    expect(bunker.suggestedTargetField).toBe('fuel_mass');
    expect(bunker.confidence).toBeGreaterThanOrEqual(0.99);
    expect(bunker.reasoning).toMatch(/^You mapped “Bunker MT” to Fuel consumed in 3 earlier files; /);
    // "Cargo" is a synonym of Cargo carried, but this organization's "Cargo" columns are TEU.
    expect(column(suggestions, 'Cargo')).toMatchObject({ suggestedTargetField: 'cargo_teu', confidence: 0.97 });
    expect(column(suggestions, 'Cargo').reasoning).toContain('in 1 earlier file;');
    // A field of another category is not a suggestion here.
    expect(column(suggestions, 'Remarks').suggestedTargetField).toBeNull();
  });

  it('gives each field to one column only, the best one, and tells the other why', () => {
    const suggestions = suggest('vessel_fuel_consumption', [
      ['Consumption', [12, 13]],
      ['Fuel consumption [t]', [12, 13]],
    ]);
    expect(column(suggestions, 'Fuel consumption [t]').suggestedTargetField).toBe('fuel_mass');
    const loser = column(suggestions, 'Consumption');
    expect(loser.suggestedTargetField).toBeNull();
    expect(loser.reasoning).toBe(
      'Fuel consumed went to column “Fuel consumption [t]”, which fits it better. No other field fits well enough.',
    );
    expect(loser.alternativeSuggestions[0]?.targetField).toBe('fuel_mass');
  });

  it('gives a column that lost its field its next one when that fits nearly as well, not a weak one', () => {
    const ports = suggest('vessel_fuel_consumption', [
      ['Fra havn', ['NOOSL', 'NOBGO']],
      ['Til havn', ['DEHAM', 'NLRTM']],
    ]);
    expect(ports.map((s) => s.suggestedTargetField)).toEqual(['departure_port', 'arrival_port']);
    const names = suggest('vessel_fuel_consumption', [
      ['Name', ['Nordic Aurora', 'Bergen Star']],
      ['Vessel', ['Nordic Aurora', 'Bergen Star']],
    ]);
    expect(names.map((s) => s.suggestedTargetField).filter(Boolean)).toEqual(['vessel_name']);
    expect(names.map((s) => s.suggestedTargetField)).not.toContain('ship_type');
  });

  it('maps the EU MRV publication as published, duplicate column and all', () => {
    const file = EU_MRV_FILES[1];
    if (!file) throw new Error('EU MRV layout missing');
    const suggestions = suggestColumnMappings({
      category: file.category,
      columns: file.columns.map((c, index) => ({ index, name: c.header, values: c.values })),
    });
    const mapped = Object.fromEntries(
      suggestions.filter((s) => s.suggestedTargetField).map((s) => [s.sourceColumn, s.suggestedTargetField]),
    );
    expect(mapped).toEqual({
      'IMO Number': 'imo_number',
      Name: 'vessel_name',
      'Ship type': 'ship_type',
      'Reporting Period': 'reporting_year',
      'Total fuel consumption [m tonnes]': 'fuel_mass',
      'Total CO₂ emissions [m tonnes]': 'reported_co2',
      'Annual Time spent at sea [hours]': 'hours_at_sea',
      'Annual average Fuel consumption per distance [kg / n mile]': 'fuel_consumption_per_distance',
    });
    expect(column(suggestions, 'Time spent at sea [hours]').reasoning).toContain(
      'Hours at sea went to column “Annual Time spent at sea [hours]”',
    );
  });

  it('explains a suggestion in plain words: header, unit and values', () => {
    const values = repeat(1000, (i) => (i === 10 || i === 500 ? 'see note' : 100 + i / 10));
    const [fuel] = suggest('vessel_fuel_consumption', [['Fuel cons. [t]', values]]);
    expect(fuel?.reasoning).toBe('Header “Fuel cons. [t]” matches a synonym of Fuel consumed; unit t; 998 of 1,000 values are numbers.');
    const [remarks] = suggest('vessel_fuel_consumption', [['Remarks', ['late', 'fog']]]);
    expect(remarks?.reasoning).toBe('No field fits “Remarks”: neither the header nor the values resemble a field of this category.');
    const [hint] = suggest('site_energy', [['Total [kWh]', [1200, 980]]]);
    expect(hint?.suggestedTargetField).toBe('energy_consumption');
    expect(hint?.reasoning).toBe('Header “Total [kWh]” does not resemble Energy consumed; unit kWh; both values are numbers.');
  });

  it('keeps confidences in 0..1 with two decimals and at most three ranked alternatives without the suggestion', () => {
    for (const file of LABELLED_FILES.slice(0, 12)) {
      const suggestions = suggestColumnMappings({
        category: file.category,
        columns: file.columns.map((c, index) => ({ index, name: c.header, values: c.values })),
      });
      for (const s of suggestions) {
        for (const confidence of [s.confidence, ...s.alternativeSuggestions.map((a) => a.confidence)]) {
          expect(confidence).toBeGreaterThanOrEqual(0);
          expect(confidence).toBeLessThanOrEqual(1);
          expect(Math.round(confidence * 100) / 100).toBe(confidence);
        }
        expect(s.alternativeSuggestions.length).toBeLessThanOrEqual(3);
        expect(s.alternativeSuggestions.map((a) => a.targetField)).not.toContain(s.suggestedTargetField);
        const ranked = s.alternativeSuggestions.map((a) => a.confidence);
        expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
        if (s.suggestedTargetField === null) expect(s.confidence).toBe(0);
      }
    }
  });

  it('copes with empty headers, empty columns and no columns', () => {
    expect(suggest('supplier_list', [])).toEqual([]);
    const suggestions = suggest('supplier_list', [
      ['', [null, '']],
      ['E-mail', []],
      ['Notes', [null, 'N/A', '-']],
    ]);
    expect(suggestions.map((s) => s.suggestedTargetField)).toEqual([null, 'contact_email', null]);
  });

  it('refuses a category without fields with a clear message', () => {
    expect(() => suggestColumnMappings({ category: 'unknown' as CatalogueCategory, columns: [] })).toThrow(
      'Column matching needs a file category with fields; "unknown" has none.',
    );
  });
});

describe('the catalogue as the matcher reads it', () => {
  it('has no synonym or key that two fields of a category share after normalizeHeader', () => {
    for (const [category, fields] of Object.entries(FIELD_CATALOGUE)) {
      const owner = new Map<string, string>();
      for (const field of fields)
        for (const spelling of new Set([field.key.replace(/_/g, ' '), ...field.synonyms].map(normalizeHeader))) {
          expect(owner.get(spelling) ?? field.key, `${category}: "${spelling}" on ${field.key}`).toBe(field.key);
          owner.set(spelling, field.key);
        }
    }
  });
});
