import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The import graph of a source folder, for the tests that keep each app's layering (API and web):
 * which file imports which, and the cycles among them. Only relative imports count; type-only
 * imports count too, since they couple files just the same. Test tooling: nothing at run time uses it.
 */

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative imports of a file as paths under `root` (comments stripped so examples in prose do not count). */
export const importsOf = (root: string, file: string, source = readFileSync(file, 'utf8')): string[] => {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const match of code.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (specifier?.startsWith('.')) found.push(path.relative(root, path.resolve(path.dirname(file), specifier)));
  }
  return found;
};

/** Every file below `dir` whose name ends with one of `extensions`, skipping node_modules. */
export const sourceFiles = (dir: string, extensions: readonly string[]): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full, extensions);
    return extensions.some((extension) => entry.name.endsWith(extension)) ? [full] : [];
  });

/** File (relative to `root`) → the files it imports, for every source file below `root`. */
export const importGraph = (root: string, extensions: readonly string[]) =>
  new Map(sourceFiles(root, extensions).map((file) => [path.relative(root, file), importsOf(root, file)]));

/** Every import cycle, each as the files around it (strongly connected components of size > 1, or self-imports). */
export const findCycles = (edges: ReadonlyMap<string, readonly string[]>): string[][] => {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (edges.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return cycles;
};

/** `file -> target` for each import the layering forbids. */
export const crossings = (
  edges: ReadonlyMap<string, readonly string[]>,
  isForbidden: (file: string, target: string) => boolean,
): string[] =>
  [...edges].flatMap(([file, imports]) => imports.filter((target) => isForbidden(file, target)).map((target) => `${file} -> ${target}`));
