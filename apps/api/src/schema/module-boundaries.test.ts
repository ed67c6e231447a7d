import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossings, findCycles, importGraph, importsOf } from '@tidewise/shared/import-graph';
import { describe, expect, it } from 'vitest';

/**
 * The API's layering, kept by a test rather than by habit: a module (`modules/<name>/`) imports only
 * its own files, `lib/`, `schema/`, the root files (`context.ts`, `env.ts`) and packages, never
 * another module; `lib/` never imports a module or `schema/`; and no file takes part in an import
 * cycle. Type-only imports count: they couple files just the same.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const moduleOf = (relative: string) => relative.match(/^modules\/([^/]+)\//)?.[1] ?? null;

const graph = importGraph(SRC, ['.ts']);

describe('module boundaries', () => {
  it('finds the source files it is meant to check', () => {
    expect([...graph.keys()].filter((file) => moduleOf(file) !== null).length).toBeGreaterThan(50);
    expect(importsOf(SRC, '/src/modules/a/x.ts', "import { y } from '../b/y.ts';\nimport type { Z } from './z.ts';")).toEqual([
      path.relative(SRC, '/src/modules/b/y.ts'),
      path.relative(SRC, '/src/modules/a/z.ts'),
    ]);
  });

  it('lets a module import nothing from another module (shared pieces live in lib/ or schema/)', () => {
    const sideways = crossings(
      graph,
      (file, target) => moduleOf(file) !== null && moduleOf(target) !== null && moduleOf(target) !== moduleOf(file),
    );
    expect(sideways).toEqual([]);
  });

  it('keeps lib/ below the modules and the schema', () => {
    const upward = crossings(
      graph,
      (file, target) => file.startsWith('lib/') && (target.startsWith('modules/') || target.startsWith('schema/')),
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
