// Measures the emissions calculator on 1,000,000 synthetic vessel fuel rows in one thread: 500 ships, 40 suppliers,
// every day of 2024, HFO, MDO/MGO and LNG with and without the engine, with the built-in factor library and AR6.
// The rows cycle over a pool of 20,000 prepared value arrays, so the figure is the calculator's, not the generator's.
// Prints figures; asserts nothing.
//
//   compute      forFile(...)(values, date, supplier) for every row
//   accumulate   the same, each result also added to its ship's year
//
// The last line is the summary:
//
//   bench:calculator entries=N compute_per_s=N compute_per_cpu_s=N accumulate_per_s=N
//
//   node --import tsx packages/shared/scripts/bench-calculator.ts [-- --entries N --runs N]
import { cpus, loadavg } from 'node:os';
import { createCalculator } from '../src/emissions/calculate/calculator.ts';
import type { StoredEntryValue } from '../src/emissions/calculate/types.ts';
import { createVesselYearAccumulator } from '../src/emissions/calculate/vessel-years.ts';

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const ENTRIES = argument('--entries', 1_000_000);
const RUNS = argument('--runs', 3);
const POOL = 20_000;

const FIELDS = [
  'imo_number',
  'vessel_name',
  'ship_type',
  'period_start',
  'period_end',
  'fuel_type',
  'fuel_mass',
  'distance',
  'cargo_mass',
  'charter_type',
  'departure_port',
  'arrival_port',
  'deadweight',
  'data_quality',
];
const FUELS = ['HFO', 'HFO', 'MDO_MGO', 'LNG', 'LNG_OTTO_MS', 'LNG_DIESEL'];
const TYPES = ['Bulk carrier', 'Container ship', 'Oil tanker', 'General cargo ship', 'Ro-pax ship'];
const PORTS = ['NOOSL', 'DEHAM', 'NLRTM', 'DKAAR', 'SEGOT'];
const CHARTERS = [null, 'time', 'voyage', 'bareboat'];

const day = (i: number) => new Date(Date.UTC(2024, 0, 1 + (i % 366))).toISOString().slice(0, 10);
const pool: { values: StoredEntryValue[]; date: string; supplier: string }[] = Array.from({ length: POOL }, (_, i) => {
  const ship = i % 500;
  const date = day(i * 7);
  return {
    values: [
      String(9_000_000 + ship),
      `Ship ${ship}`,
      TYPES[ship % TYPES.length] as string,
      date,
      date,
      FUELS[i % FUELS.length] as string,
      10 + (i % 97),
      200 + (i % 1_300),
      i % 5 === 0 ? 0 : 5_000 + (i % 40_000),
      CHARTERS[i % CHARTERS.length] ?? null,
      PORTS[i % PORTS.length] as string,
      PORTS[(i + 1) % PORTS.length] as string,
      20_000 + ship * 100,
      i % 3 === 0 ? 'modelled' : 'primary',
    ],
    date,
    supplier: `supplier-${ship % 40}`,
  };
});

const run = (accumulate: boolean) => {
  const calculator = createCalculator({ gwpSet: 'AR6', consolidationApproach: 'operational_control', organizationFactors: [] });
  const compute = calculator.forFile('vessel_fuel_consumption', FIELDS);
  const years = createVesselYearAccumulator();
  let co2e = 0;
  const cpuStarted = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < ENTRIES; i++) {
    const row = pool[i % POOL] as (typeof pool)[number];
    const result = compute(row.values, row.date, row.supplier);
    co2e += result.co2eWtwKg;
    if (accumulate) years.add(result, row.supplier);
  }
  const shipYears = accumulate ? years.years().length : 0;
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  // CPU time of this process: what the figure would be on an idle machine (the wall clock counts other processes' turns too).
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    perSecond: ENTRIES / seconds,
    perCpuSecond: ENTRIES / cpuSeconds,
    seconds,
    co2e,
    shipYears,
    sets: calculator.factorSets().length,
  };
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

process.stdout.write(
  `node ${process.version}, ${cpus().length} cpus, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}\n`,
);
const computeRates: number[] = [];
const accumulateRates: number[] = [];
const computeCpuRates: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const plain = run(false);
  computeRates.push(plain.perSecond);
  computeCpuRates.push(plain.perCpuSecond);
  const summed = run(true);
  accumulateRates.push(summed.perSecond);
  process.stdout.write(
    `run ${r + 1}: compute ${plain.seconds.toFixed(2)} s (${Math.round(plain.perSecond)}/s wall, ${Math.round(plain.perCpuSecond)}/s cpu), accumulate ${summed.seconds.toFixed(2)} s (${Math.round(summed.perSecond)}/s); ` +
      `${summed.shipYears} ship-years, ${plain.sets} factor sets, ${(plain.co2e / 1e6).toFixed(1)} kt CO2e WtW\n`,
  );
}
process.stdout.write(
  `bench:calculator entries=${ENTRIES} compute_per_s=${Math.round(median(computeRates))} compute_per_cpu_s=${Math.round(median(computeCpuRates))} accumulate_per_s=${Math.round(median(accumulateRates))}\n`,
);
