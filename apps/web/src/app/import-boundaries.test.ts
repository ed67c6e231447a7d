import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossings, findCycles, importGraph } from '@tidewise/shared/import-graph';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layering, kept by a test: a domain module (`modules/<name>/`) imports only its own
 * files, `ui/`, `lib/` and packages, never another module; `ui/` and `lib/` never import a module or
 * the shell (`app/`); and no file takes part in an import cycle (the shell's layout and navigation
 * once imported each other).
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const graph = importGraph(SRC, ['.ts', '.tsx']);
const moduleOf = (relative: string) => relative.match(/^modules\/([^/]+)\//)?.[1] ?? null;
const isShared = (relative: string) => relative.startsWith('ui/') || relative.startsWith('lib/');

describe('web import boundaries', () => {
  it('finds the source files it is meant to check', () => {
    expect([...graph.keys()].filter((file) => moduleOf(file) !== null).length).toBeGreaterThan(50);
  });

  it('lets a module import nothing from another module (shared pieces live in ui/ or lib/)', () => {
    expect(
      crossings(graph, (file, target) => moduleOf(file) !== null && moduleOf(target) !== null && moduleOf(target) !== moduleOf(file)),
    ).toEqual([]);
  });

  it('keeps ui/ and lib/ below the modules and the shell', () => {
    expect(crossings(graph, (file, target) => isShared(file) && (target.startsWith('modules/') || target.startsWith('app/')))).toEqual([]);
  });

  it('has no import cycle anywhere in the web source', () => {
    expect(findCycles(graph)).toEqual([]);
  });
});
