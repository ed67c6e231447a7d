import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { printSchema } from 'graphql';
import { buildSchema } from '../src/schema/index.ts';

/** Prints the schema built from code to schema.graphql; with --check, fails when the file is stale. */
const target = fileURLToPath(new URL('../../../schema.graphql', import.meta.url));
const printed = `${printSchema(buildSchema())}\n`;
if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== printed) {
    process.stderr.write('schema.graphql is stale: run `npm run schema:print` and commit the result.\n');
    process.exit(1);
  }
  process.stdout.write('schema.graphql is up to date.\n');
} else {
  await writeFile(target, printed);
  process.stdout.write(`Wrote ${target.split('/').slice(-1)[0]}\n`);
}
