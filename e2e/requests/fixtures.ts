/**
 * Files and names of the data-request browser test. The customer's voyage file names three carriers: the
 * demo supplier exactly, an existing supplier of the customer spelled differently ("Skagerak Bunker Service"
 * for Skagerrak Bunkers AS, a semi-match to confirm), and a company not on the platform.
 */
export const EXACT_SUPPLIER = 'Baltic Marine Services';
export const SEMI_SUPPLIER = 'Skagerrak Bunkers AS';
export const SEMI_SPELLING = 'Skagerak Bunker Service';
export const UNKNOWN_SUPPLIER = 'Kattegat Towage ApS';

type Leg = {
  shipment: string;
  leg: number;
  date: string;
  origin: string;
  destination: string;
  cargo: number;
  distance: number;
  carrier: string;
};

export const LEGS: Leg[] = [
  {
    shipment: 'NW-2025-101',
    leg: 1,
    date: '2025-03-02',
    origin: 'Aarhus',
    destination: 'Gothenburg',
    cargo: 820,
    distance: 210,
    carrier: EXACT_SUPPLIER,
  },
  {
    shipment: 'NW-2025-101',
    leg: 2,
    date: '2025-03-04',
    origin: 'Gothenburg',
    destination: 'Oslo',
    cargo: 790,
    distance: 290,
    carrier: EXACT_SUPPLIER,
  },
  {
    shipment: 'NW-2025-114',
    leg: 1,
    date: '2025-04-11',
    origin: 'Gdansk',
    destination: 'Aarhus',
    cargo: 1_150,
    distance: 540,
    carrier: SEMI_SPELLING,
  },
  {
    shipment: 'NW-2025-118',
    leg: 1,
    date: '2025-05-20',
    origin: 'Esbjerg',
    destination: 'Rotterdam',
    cargo: 640,
    distance: 620,
    carrier: UNKNOWN_SUPPLIER,
  },
  {
    shipment: 'NW-2025-121',
    leg: 1,
    date: '2025-06-03',
    origin: 'Kiel',
    destination: 'Klaipeda',
    cargo: 930,
    distance: 680,
    carrier: EXACT_SUPPLIER,
  },
  {
    shipment: 'NW-2025-126',
    leg: 1,
    date: '2025-06-17',
    origin: 'Aarhus',
    destination: 'Helsinki',
    cargo: 1_010,
    distance: 1_020,
    carrier: SEMI_SPELLING,
  },
  {
    shipment: 'NW-2025-131',
    leg: 1,
    date: '2025-07-08',
    origin: 'Esbjerg',
    destination: 'Hamburg',
    cargo: 410,
    distance: 470,
    carrier: UNKNOWN_SUPPLIER,
  },
];

/** The customer's voyage file: one row per leg, carriers named as the customer's own system spells them. */
export const voyageCsv = () =>
  [
    'Shipment,Leg,Date,Mode,Origin,Destination,Cargo (t),Distance (km),Carrier',
    ...LEGS.map((l) => [l.shipment, l.leg, l.date, 'Sea', l.origin, l.destination, l.cargo, l.distance, l.carrier].join(',')),
  ].join('\n');

/** The legs the demo supplier is asked about. */
export const EXACT_LEGS = LEGS.filter((l) => l.carrier === EXACT_SUPPLIER);
