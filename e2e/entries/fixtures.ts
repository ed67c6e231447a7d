/** A file as Playwright's setInputFiles takes it. */
export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

/** An IMO number from its first six digits: the seventh is the check digit (weights 7 to 2, last digit of the sum). */
export const imoNumber = (first6: string) => {
  const sum = [...first6].reduce((total, digit, i) => total + Number(digit) * (7 - i), 0);
  return `${first6}${sum % 10}`;
};

/** The fleet of the file: four ships, one of them named by a formula a spreadsheet would run. */
const SHIPS = [
  { name: 'Baltic Tern', imo: imoNumber('931245') },
  { name: 'Baltic Skua', imo: imoNumber('940118') },
  { name: 'Nordic Eider', imo: imoNumber('927703') },
  { name: '=HYPERLINK("https://evil.example/","Baltic Gull")', imo: imoNumber('951832') },
] as const;

const PORTS = ['PLGDN', 'NLRTM', 'DEHAM', 'DKAAR', 'LTKLJ', 'NOOSL', 'SEGOT', 'FIHEL'] as const;
const FUELS = ['HFO', 'MGO', 'IFO 380', 'VLSFO'] as const;

/** A wrong check digit: the last digit of a valid number, plus one. */
const withWrongCheckDigit = (imo: string) => `${imo.slice(0, 6)}${(Number(imo[6]) + 1) % 10}`;

const ddmmyyyy = (date: Date) =>
  `${String(date.getUTCDate()).padStart(2, '0')}.${String(date.getUTCMonth() + 1).padStart(2, '0')}.${date.getUTCFullYear()}`;

/**
 * The rows a test asserts on, by their line in the file (the header is line 1): each breaks one rule,
 * or, for the formula ship, carries a text a spreadsheet would run as a formula.
 */
export const BAD_ROWS = {
  /** The IMO number with a wrong check digit. */
  wrongImo: 6,
  /** A negative quantity. */
  negativeQuantity: 9,
  /** A quantity written as text. */
  textQuantity: 14,
  /** Arrival before departure. */
  endBeforeStart: 20,
} as const;

/** The first voyage: Baltic Tern on HFO, 12,500 kg, which reads as 12.5 t. */
export const FIRST_VOYAGE = { line: 2, ship: 'Baltic Tern', imo: SHIPS[0].imo, kg: 12_500, tonnes: '12.5' } as const;

export const FORMULA_SHIP = SHIPS[3];
export const WRONG_IMO = withWrongCheckDigit(SHIPS[0].imo);

/**
 * Vessel fuel consumption as a Baltic ship operator keeps it: a semicolon-separated export with its own
 * headers ("IMO No.", "Bunker qty (kg)", "Dep. date" in DD.MM.YYYY, ports as UN/LOCODEs, distances with
 * a decimal comma), 40 voyages, a fuel the catalogue knows by another name (IFO 380) and one it does not
 * know (VLSFO), and the bad rows of BAD_ROWS.
 */
export const fuelConsumptionCsv = (): FilePayload => {
  const header = [
    'IMO No.',
    'Ship',
    'Voy. no',
    'Fuel',
    'Bunker qty (kg)',
    'Dep. date',
    'Arr. date',
    'Distance (nm)',
    'Port of departure',
    'Port of arrival',
  ];
  const lines = Array.from({ length: 40 }, (_, i) => {
    const line = i + 2;
    const ship = SHIPS[i % SHIPS.length] ?? SHIPS[0];
    const departure = new Date(Date.UTC(2025, 0, 2 + i * 2));
    const arrival = new Date(departure.getTime() + (1 + (i % 3)) * 86_400_000);
    const kg = i === 0 ? FIRST_VOYAGE.kg : 8_000 + ((i * 1_370) % 23_000);
    const quantity = line === BAD_ROWS.negativeQuantity ? `-${kg}` : line === BAD_ROWS.textQuantity ? 'see BDN' : String(kg);
    const [dep, arr] = line === BAD_ROWS.endBeforeStart ? [arrival, departure] : [departure, arrival];
    const name = ship.name.includes('"') ? `"${ship.name.replace(/"/g, '""')}"` : ship.name;
    return [
      line === BAD_ROWS.wrongImo ? WRONG_IMO : ship.imo,
      name,
      `V25-${String(i + 1).padStart(3, '0')}`,
      i === 0 ? 'HFO' : FUELS[i % FUELS.length],
      quantity,
      ddmmyyyy(dep),
      ddmmyyyy(arr),
      `${180 + ((i * 37) % 520)},${i % 10}`,
      PORTS[i % PORTS.length],
      PORTS[(i + 3) % PORTS.length],
    ].join(';');
  });
  return {
    name: 'fuel-consumption-q1.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header.join(';')}\r\n${lines.join('\r\n')}\r\n`),
  };
};
