import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { loadFromSDL, minifyIntrospection, outputIntrospectionFile } from 'gql.tada/internal';

/**
 * Writes the schema's introspection types (what every GraphQL document in the web app is typed from) out
 * of schema.graphql, exactly as `gql.tada generate output` does, to the places named by the tsconfig plugin
 * entry; with --check, fails when the committed file is stale instead.
 */
const webRoot = new URL('../', import.meta.url);
const tsconfig = JSON.parse(await readFile(new URL('tsconfig.json', webRoot), 'utf8'));
const plugin = tsconfig.compilerOptions.plugins.find((p) => p.name === 'gql.tada/ts-plugin');
const schemaFile = fileURLToPath(new URL(plugin.schema, webRoot));
const target = fileURLToPath(new URL(plugin.tadaOutputLocation, webRoot));

const { introspection } = await loadFromSDL({ file: schemaFile }).load();
const output = outputIntrospectionFile(minifyIntrospection(introspection), { fileType: target, shouldPreprocess: true });

if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== output) {
    process.stderr.write('apps/web/src/graphql-env.d.ts is stale: run `npm run schema:print` and commit the result.\n');
    process.exit(1);
  }
  process.stdout.write('graphql-env.d.ts is up to date.\n');
} else {
  await writeFile(target, output);
  process.stdout.write('Wrote graphql-env.d.ts\n');
}
