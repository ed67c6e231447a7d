import { describe, expect, it } from 'vitest';
import {
  type ConfirmedMatch,
  matchSupplier,
  normalizeCompanyName,
  normalizeImoCompanyNumber,
  normalizeRegistrationNumber,
  prepareCandidates,
  type SupplierCandidate,
  type SupplierMatchResult,
} from './index.ts';
import { LABELLED_BLIND } from './labelled-blind.ts';
import { LABELLED_PAIRS, type LabelledCase } from './labelled-pairs.ts';
import { LABELLED_POOL } from './labelled-pool.ts';

/** Automatic matches must be right this often. */
const PRECISION_FLOOR = 0.99;
/** The recall reached on each set, rounded down: a change that loses matches fails here. */
const TUNING_RECALL_FLOOR = 0.95;
const BLIND_RECALL_FLOOR = 0.89;

type Figures = { matched: number; correct: number; expected: number; semiRight: number; semiExpected: number };

const measure = (cases: readonly LabelledCase[]): Figures & { wrong: string[] } => {
  const prepared = prepareCandidates(LABELLED_POOL);
  const figures = { matched: 0, correct: 0, expected: 0, semiRight: 0, semiExpected: 0, wrong: [] as string[] };
  for (const { mention, expected } of cases) {
    const result = matchSupplier(mention, prepared);
    if (expected !== null) figures.expected++;
    if (result.status === 'match') {
      figures.matched++;
      if (result.organizationId === expected) figures.correct++;
      else figures.wrong.push(`${mention.name} → ${result.organizationId} (expected ${expected}): ${result.reason}`);
    } else if (expected !== null) {
      figures.semiExpected++;
      if (result.status === 'semiMatch' && result.possibleMatches.some((p) => p.organizationId === expected)) figures.semiRight++;
    }
  }
  return figures;
};

const percent = (part: number, whole: number) => (whole === 0 ? '100.0' : ((100 * part) / whole).toFixed(1));

/** The line each labelled set prints. Semi-match share: of the expected organizations not matched automatically. */
const report = (label: string, f: Figures) =>
  `supplier matching${label}: precision ${percent(f.correct, f.matched)}% (${f.correct}/${f.matched}), recall ${percent(f.correct, f.expected)}% (${f.correct}/${f.expected}), semi-match with the right candidate ${percent(f.semiRight, f.semiExpected)}% (${f.semiRight}/${f.semiExpected})`;

describe('the labelled supplier names', () => {
  const ids = new Set(LABELLED_POOL.map((c) => c.organizationId));

  it('holds at least 300 mentions against a pool of over 100 organizations, each expecting one of them or none', () => {
    expect(LABELLED_POOL.length).toBeGreaterThanOrEqual(100);
    expect(ids.size).toBe(LABELLED_POOL.length);
    expect(LABELLED_PAIRS.length).toBeGreaterThanOrEqual(300);
    expect(LABELLED_BLIND.length).toBeGreaterThanOrEqual(60);
    for (const c of [...LABELLED_PAIRS, ...LABELLED_BLIND]) if (c.expected !== null) expect(ids.has(c.expected), c.mention.name).toBe(true);
    expect(LABELLED_PAIRS.filter((c) => c.expected === null).length).toBeGreaterThanOrEqual(80);
  });

  it('matches automatically with at least 99% precision and keeps the recall reached on the tuning set', () => {
    const figures = measure(LABELLED_PAIRS);
    console.log(report('', figures));
    expect(figures.wrong).toEqual([]);
    expect(figures.correct / figures.matched).toBeGreaterThanOrEqual(PRECISION_FLOOR);
    expect(figures.correct / figures.expected).toBeGreaterThanOrEqual(TUNING_RECALL_FLOOR);
  });

  it('keeps the precision on the blind set, written after the thresholds were set', () => {
    const figures = measure(LABELLED_BLIND);
    console.log(report(' (blind set)', figures));
    expect(figures.correct / figures.matched).toBeGreaterThanOrEqual(PRECISION_FLOOR);
    expect(figures.correct / figures.expected).toBeGreaterThanOrEqual(BLIND_RECALL_FLOOR);
  });

  it('normalises every labelled name to a key that normalising again leaves alone', () => {
    for (const name of [...LABELLED_PAIRS, ...LABELLED_BLIND].map((c) => c.mention.name).concat(LABELLED_POOL.map((c) => c.name))) {
      const key = normalizeCompanyName(name);
      expect(key, name).not.toBe('');
      expect(normalizeCompanyName(key), name).toBe(key);
    }
  });
});

const pool: SupplierCandidate[] = [
  { organizationId: 'nb', name: 'Nordic Bunker AS', registrationNumber: '923 456 789', country: 'NO', emailDomains: ['nordicbunker.no'] },
  { organizationId: 'nms', name: 'Nordic Marine Services AS', registrationNumber: '912004551', country: 'NO' },
  { organizationId: 'mt', name: 'Maersk Tankers A/S', registrationNumber: '37241208', country: 'DK' },
  { organizationId: 'md', name: 'Maersk Drilling A/S', country: 'DK' },
  { organizationId: 'wss', name: 'Wilhelmsen Ships Service AS', country: 'NO', emailDomains: ['wilhelmsen.com'] },
  { organizationId: 'wsm', name: 'Wilhelmsen Ship Management AS', country: 'NO', emailDomains: ['wilhelmsen.com'] },
  { organizationId: 'imo', name: 'Fjordbunkring AS', imoCompanyNumber: '5870011', country: 'NO' },
];

const match = (name: string, extra: Partial<Parameters<typeof matchSupplier>[0]> = {}, confirmed: ConfirmedMatch[] = []) =>
  matchSupplier({ name, ...extra }, pool, confirmed);

const expectMatch = (result: SupplierMatchResult, organizationId: string) => {
  expect(result.status, result.reason).toBe('match');
  expect(result.organizationId).toBe(organizationId);
};

describe('normalizeCompanyName', () => {
  it.each([
    ['Nordic Bunker A/S', 'nordic bunker'],
    ['NORDIC BUNKER ASA', 'nordic bunker'],
    ['AS Nordic Bunker', 'nordic bunker'],
    ['Minerva Bunkering Pte. Ltd.', 'minerva bunkering'],
    ['Meyer Werft GmbH & Co. KG', 'meyer werft'],
    ['RINA Services S.p.A.', 'rina services'],
    ['Damen Shipyards Gorinchem B.V.', 'damen shipyards gorinchem'],
    ['CMA CGM S.A.', 'cma cgm'],
    ['Alfa Laval Tumba AB (publ)', 'alfa laval tumba'],
    ['Wärtsilä Finland Oy', 'wartsila finland'],
    ['Kühne + Nagel AG', 'kuhne nagel'],
    ['Kuehne & Nagel', 'kuhne nagel'],
    ['The Bergen og Omland Havn', 'bergen omland havn'],
    ['Hamburger Hafen und Logistik', 'hamburger hafen logistik'],
  ])('%s → %s', (name, key) => expect(normalizeCompanyName(name)).toBe(key));

  it('makes Nordic letters and their ASCII spellings equal', () => {
    expect(normalizeCompanyName('Østensjø Rederi')).toBe(normalizeCompanyName('Oestensjoe Rederi'));
    expect(normalizeCompanyName('Østensjø Rederi')).toBe(normalizeCompanyName('Ostensjo Rederi'));
    expect(normalizeCompanyName('A.P. Møller - Mærsk A/S')).toBe(normalizeCompanyName('AP Moller Maersk'));
    expect(normalizeCompanyName('Ålborg Havn')).toBe(normalizeCompanyName('Aalborg Havn'));
    expect(normalizeCompanyName('Wärtsilä')).toBe(normalizeCompanyName('Waertsilae'));
  });

  it('keeps a name that is nothing but a legal form', () => {
    expect(normalizeCompanyName('A/S')).toBe('as');
  });
});

describe('identifiers', () => {
  it.each([
    ['NO 923 456 789 MVA', '923456789'],
    ['DK-12 34 56 78', '12345678'],
    ['08126909', '8126909'],
    ['199900642r', '199900642R'],
    ['HRA 120 455', 'HRA120455'],
    ['n/a', null],
    ['', null],
  ])('read the registration number %j as %j', (value, expected) => expect(normalizeRegistrationNumber(value)).toBe(expected));

  it.each([
    ['IMO 5870011', '5870011'],
    ['587 0011', '5870011'],
    ['58700', null],
    ['IMO company', null],
  ])('read the IMO company number %j as %j', (value, expected) => expect(normalizeImoCompanyNumber(value)).toBe(expected));

  it('match by registration number whatever the name, written with spaces, country code or MVA', () => {
    for (const registrationNumber of ['923456789', 'NO 923 456 789 MVA', 'no923456789mva', '923-456-789']) {
      const result = match('NB Energy', { registrationNumber });
      expectMatch(result, 'nb');
      expect(result.reason).toBe('Registration number 923 456 789 matches Nordic Bunker AS');
    }
  });

  it('match by IMO company number', () => {
    const result = match('Fjord Bunkering Services', { imoCompanyNumber: 'IMO 5870011' });
    expectMatch(result, 'imo');
    expect(result.reason).toBe('IMO company number 5870011 matches Fjordbunkring AS');
  });

  it('do not match a registration number of another country', () => {
    const result = match('Totally Different Ltd', { registrationNumber: '923456789', country: 'GB' });
    expect(result.status).toBe('notMatch');
  });

  it('match by the email domain, the name choosing between organizations that share it', () => {
    expectMatch(match('NB', { email: 'ops@nordicbunker.no' }), 'nb');
    expectMatch(match('Wilhelmsen Ship Management', { email: 'ap@wilhelmsen.com' }), 'wsm');
    const shared = match('Wilhelmsen', { email: 'ap@wilhelmsen.com' });
    expect(shared.status).toBe('semiMatch');
    expect(shared.possibleMatches.map((p) => p.organizationId).sort()).toEqual(['wsm', 'wss']);
  });

  it('say which domain matched', () => {
    expect(match('NB', { email: 'ops@nordicbunker.no' }).reason).toBe('Email domain nordicbunker.no belongs to Nordic Bunker AS');
    expect(match('Wilhelmsen Ship Management', { email: 'ap@wilhelmsen.com' }).reason).toBe(
      'Email domain wilhelmsen.com belongs to Wilhelmsen Ship Management AS and its name is the closest of the 2 organizations using it',
    );
  });

  it("ask when two organizations carry the file's identifiers", () => {
    const result = match('Nordic Bunker', { registrationNumber: '923456789', imoCompanyNumber: '5870011' });
    expect(result.status).toBe('semiMatch');
    expect(result.reason).toBe("The file's identifiers match 2 organizations: Nordic Bunker AS, Fjordbunkring AS");
    expect(result.possibleMatches.map((p) => p.organizationId)).toEqual(['nb', 'imo']);
  });

  it('ignore public mail domains', () => {
    expect(match('Somebody', { email: 'someone@gmail.com' }).status).toBe('notMatch');
  });

  it('block a name match when the registration numbers differ', () => {
    const result = match('Nordic Bunker AS', { registrationNumber: '999 888 777' });
    expect(result.status).toBe('semiMatch');
    expect(result.reason).toBe(
      "Name is exactly Nordic Bunker AS, but its registration number 923 456 789 differs from the file's 999 888 777",
    );
    expect(result.possibleMatches[0]?.organizationId).toBe('nb');
  });

  it('take placeholders for no registration number', () => {
    for (const registrationNumber of ['n/a', '-', '0', 'TBA', '000']) expectMatch(match('Nordic Bunker AS', { registrationNumber }), 'nb');
  });

  it('let a name match when the organization has no registration number to compare', () => {
    expectMatch(match('Maersk Drilling', { registrationNumber: '11223344' }), 'md');
  });
});

describe('confirmed matches', () => {
  const confirmed = [{ normalizedName: normalizeCompanyName('NB Energi'), organizationId: 'nb' }];

  it('match a name the customer confirmed before, however it is written this time', () => {
    const result = match('N.B. ENERGI AS', {}, confirmed);
    expectMatch(result, 'nb');
    expect(result.reason).toBe('Confirmed earlier: “N.B. ENERGI AS” is Nordic Bunker AS');
  });

  it('win over a name that looks like another organization', () => {
    expectMatch(match('Maersk Drilling', {}, [{ normalizedName: 'maersk drilling', organizationId: 'mt' }]), 'mt');
  });

  it('are ignored when the organization is no longer a candidate', () => {
    expect(match('NB Energi', {}, [{ normalizedName: 'nb energi', organizationId: 'gone' }]).status).toBe('notMatch');
  });

  it('give way to an identifier', () => {
    expectMatch(match('NB Energi', { registrationNumber: '912004551' }, confirmed), 'nms');
  });

  it('of none of the organizations offered keep the name unmatched, until an identifier says otherwise', () => {
    const none = [{ normalizedName: normalizeCompanyName('Maersk Tankers'), organizationId: null }];
    expect(match('MAERSK TANKERS A/S', {}, none)).toEqual({
      status: 'notMatch',
      organizationId: null,
      score: 0,
      reason: 'Confirmed earlier: “MAERSK TANKERS A/S” is none of the organizations offered',
      possibleMatches: [],
    });
    expectMatch(match('Maersk Tankers', { registrationNumber: '912004551' }, none), 'nms');
  });
});

describe('margins and look-alikes', () => {
  it('match a name clearly ahead of the next one', () => {
    const result = match('MAERSK TANKERS');
    expectMatch(result, 'mt');
    expect(result.reason).toMatch(/^Name matches Maersk Tankers A\/S after removing the legal form; next best 0\.\d\d$/);
  });

  it('do not match a sister company that shares the stem', () => {
    expect(match('Maersk Supply Service').status).toBe('notMatch');
    const port = match('Wilhelmsen Port Services');
    expect(port.status).toBe('semiMatch');
    expect(port.possibleMatches.map((p) => p.organizationId)).toEqual(['wss']);
    expect(match('Wilhelmsen Ship Service AS').organizationId).toBe('wss');
  });

  it('offer the candidates when two score alike', () => {
    const result = match('Maersk');
    expect(result.status).toBe('semiMatch');
    expect(result.reason).toBe('Maersk Drilling A/S (0.67) and Maersk Tankers A/S (0.67) are too close to choose between');
    expect(result.possibleMatches).toHaveLength(2);
  });

  it('ask when the same name is in another country', () => {
    const result = match('Nordic Bunker AS', { country: 'DK' });
    expect(result.status).toBe('semiMatch');
  });

  it('say why a plausible name alone is not enough', () => {
    const result = match('Nordic Bunker Supply');
    expect(result.status).toBe('semiMatch');
    expect(result.reason).toBe('Name is close to Nordic Bunker AS (0.80), not close enough to be sure; next best 0.33');
    expect(result.possibleMatches.map((p) => [p.organizationId, p.score, p.reason])).toEqual([
      ['nb', 0.8, 'Name is close to Nordic Bunker AS (0.80)'],
    ]);
  });

  it('take a country written out as the same as its code', () => {
    expectMatch(match('Nordic Bunker AS', { country: 'Norway' }), 'nb');
  });

  it('offer at most five organizations, best first', () => {
    const many: SupplierCandidate[] = Array.from({ length: 8 }, (_, index) => ({
      organizationId: `b${index}`,
      name: `Baltic Bunker ${index + 1} AS`,
    }));
    const result = matchSupplier({ name: 'Baltic Bunker' }, many);
    expect(result.status).toBe('semiMatch');
    expect(result.possibleMatches).toHaveLength(5);
    const scores = result.possibleMatches.map((p) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('answer notMatch for an empty name', () => {
    expect(match('  ').status).toBe('notMatch');
  });

  it('answer notMatch for a name like nothing in the list', () => {
    const result = match('Oceanbunker GmbH');
    expect(result).toEqual({
      status: 'notMatch',
      organizationId: null,
      score: 0,
      reason: 'No organization has a similar name',
      possibleMatches: [],
    });
  });

  it('work from prepared candidates as from the list', () => {
    const prepared = prepareCandidates(pool);
    expect(matchSupplier({ name: 'Nordik Bunker' }, prepared)).toEqual(match('Nordik Bunker'));
  });
});

/** A deterministic pseudo-random sequence, so the benchmark's names are the same each run. */
const random = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

describe('speed', () => {
  it('matches 1,000 mentions against 10,000 organizations (prints the time)', () => {
    const next = random(7);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
    const first = [
      'Nordic',
      'Baltic',
      'North Sea',
      'Atlantic',
      'Fjord',
      'Polar',
      'Coastal',
      'Viking',
      'Bergen',
      'Oslo',
      'Esbjerg',
      'Rotterdam',
      'Hamburg',
      'Straits',
      'Harbour',
      'Blue',
      'Green',
      'Ocean',
      'Arctic',
      'Skagen',
    ];
    const second = [
      'Bunker',
      'Marine',
      'Shipping',
      'Offshore',
      'Ship Supply',
      'Logistics',
      'Towage',
      'Yard',
      'Engineering',
      'Port Services',
      'Fuel',
      'Chandlers',
      'Crew',
      'Survey',
      'Tankers',
      'Lines',
    ];
    const third = ['', 'Group', 'Services', 'Trading', 'Partners', 'Solutions', 'Holding', 'International'];
    const forms = ['AS', 'A/S', 'ApS', 'AB', 'GmbH', 'B.V.', 'Ltd', 'Pte Ltd', 'Oy', 'SA'];
    const candidates: SupplierCandidate[] = Array.from({ length: 10_000 }, (_, index) => ({
      organizationId: `org-${index}`,
      name: `${pick(first)} ${pick(second)} ${pick(third)} ${index % 7 === 0 ? '' : index} ${pick(forms)}`.replace(/\s+/g, ' '),
    }));
    const mentions = Array.from({ length: 1_000 }, (_, index) =>
      index % 2 === 0
        ? { name: (pick(candidates).name as string).toUpperCase() }
        : { name: `${pick(first)} ${pick(second)} ${pick(third)} ${pick(forms)}` },
    );
    const started = performance.now();
    const prepared = prepareCandidates(candidates);
    const results = mentions.map((mention) => matchSupplier(mention, prepared));
    const seconds = (performance.now() - started) / 1000;
    console.log(`supplier matching speed: 1,000 mentions against 10,000 organizations in ${seconds.toFixed(2)} s`);
    expect(results).toHaveLength(1_000);
    expect(results.filter((r) => r.status === 'match').length).toBeGreaterThan(0);
  });
});
