import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The API's layering, kept by a test rather than by habit: a module (`modules/<name>/`) imports only
 * its own files, `lib/`, `schema/`, the root files (`context.ts`, `env.ts`) and packages, never
 * another module; `lib/` never imports a module or `schema/`; and no file takes part in an import
 * cycle. Type-only imports count: they couple files just the same.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Relative imports of a file as paths under SRC (comments stripped so examples in prose do not count). */
export const importsOf = (file: string, source = readFileSync(file, 'utf8')): string[] => {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found: string[] = [];
  for (const match of code.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2];
    if (specifier?.startsWith('.')) found.push(path.relative(SRC, path.resolve(path.dirname(file), specifier)));
  }
  return found;
};

const moduleOf = (relative: string) => relative.match(/^modules\/([^/]+)\//)?.[1] ?? null;

const graph = new Map(sourceFiles(SRC).map((file) => [path.relative(SRC, file), importsOf(file)]));

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

describe('module boundaries', () => {
  it('finds the source files it is meant to check', () => {
    expect([...graph.keys()].filter((file) => moduleOf(file) !== null).length).toBeGreaterThan(50);
    expect(importsOf('/src/modules/a/x.ts', "import { y } from '../b/y.ts';\nimport type { Z } from './z.ts';")).toEqual([
      path.relative(SRC, '/src/modules/b/y.ts'),
      path.relative(SRC, '/src/modules/a/z.ts'),
    ]);
  });

  it('lets a module import nothing from another module (shared pieces live in lib/ or schema/)', () => {
    const crossings = [...graph].flatMap(([file, imports]) => {
      const own = moduleOf(file);
      if (!own) return [];
      return imports.filter((target) => moduleOf(target) !== null && moduleOf(target) !== own).map((target) => `${file} -> ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it('keeps lib/ below the modules and the schema', () => {
    const upward = [...graph].flatMap(([file, imports]) =>
      file.startsWith('lib/')
        ? imports.filter((target) => target.startsWith('modules/') || target.startsWith('schema/')).map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(upward).toEqual([]);
  });

  it('has no import cycle anywhere in the API source', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('detects a cycle when there is one', () => {
    const looped = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCycles(looped)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
