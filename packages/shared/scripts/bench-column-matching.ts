// Measures suggestColumnMappings on a wide file: 100 columns of 1,000 values each, the headers and values taken
// from the labelled set (vessel fuel consumption, its widest category). Prints figures; asserts nothing.
//
//   first  the first call of the process: the catalogue is prepared and the code is not yet optimised
//   same   the same file again (headers seen before, as when a file is analysed a second time)
//   new    files whose headers this process has not seen (a suffix on every header), as a server meets them
//
// The last line is the summary:
//
//   bench:matching first_ms=N same_median_ms=N new_median_ms=N new_p95_ms=N
//
//   npm run bench:matching [-- --runs N]
import { cpus, loadavg } from 'node:os';
import { suggestColumnMappings } from '../src/column-matching/index.ts';
import { LABELLED_FILES } from '../src/column-matching/labelled-headers.ts';
import type { SourceColumnInput } from '../src/column-matching/types.ts';

const runsArgument = process.argv.indexOf('--runs');
const RUNS = runsArgument === -1 ? 30 : Number(process.argv[runsArgument + 1]);
const COLUMNS = 100;
const VALUES = 1000;

const vesselColumns = LABELLED_FILES.filter((file) => file.category === 'vessel_fuel_consumption').flatMap((file) => file.columns);
const file = (suffix: string): SourceColumnInput[] =>
  vesselColumns.slice(0, COLUMNS).map((column, index) => ({
    index,
    name: suffix ? `${column.header} ${suffix}` : column.header,
    values: Array.from({ length: VALUES }, (_, i) => column.values[i % Math.max(column.values.length, 1)] ?? null),
  }));

const time = (columns: SourceColumnInput[]) => {
  const started = performance.now();
  suggestColumnMappings({ category: 'vessel_fuel_consumption', columns });
  return performance.now() - started;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const print = (line: string) => process.stdout.write(`${line}\n`);

const first = time(file(''));
const same = Array.from({ length: RUNS }, () => time(file('')));
const fresh = Array.from({ length: RUNS }, (_, run) => time(file(`r${run}`)));
print(
  `${COLUMNS} columns × ${VALUES.toLocaleString('en')} values, ${RUNS} runs each; ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(2)}`,
);
print(`first call ${first.toFixed(1)} ms`);
print(`same file  median ${percentile(same, 50).toFixed(1)} ms, p95 ${percentile(same, 95).toFixed(1)} ms`);
print(`new headers median ${percentile(fresh, 50).toFixed(1)} ms, p95 ${percentile(fresh, 95).toFixed(1)} ms`);
print(
  `bench:matching first_ms=${first.toFixed(1)} same_median_ms=${percentile(same, 50).toFixed(1)} new_median_ms=${percentile(fresh, 50).toFixed(1)} new_p95_ms=${percentile(fresh, 95).toFixed(1)}`,
);
