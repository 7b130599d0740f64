import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The import graph between API modules must stay acyclic: two areas that import each other
 * cannot be understood, tested or moved apart alone. (ESLint keeps imports on each other's
 * index.ts; it cannot see cycles, so this test does.)
 */

const modulesDir = import.meta.dirname;
const specifiers = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Area → the other areas its files import (type-only imports included: they couple too). */
export function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const area of readdirSync(modulesDir)) {
    if (!statSync(join(modulesDir, area)).isDirectory()) continue;
    const edges = new Set<string>();
    for (const file of sourceFiles(join(modulesDir, area))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(specifiers)) {
        if (!spec!.startsWith('.')) continue;
        const target = relative(modulesDir, resolve(dirname(file), spec!)).split(sep);
        if (target.length > 1 && target[0] !== '..' && target[0] !== area) edges.add(target[0]!);
      }
    }
    graph.set(area, edges);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the path that closes it (a → b → a). */
export function findCycles(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const walk = (node: string, path: string[]) => {
    if (path.includes(node)) {
      cycles.push([...path.slice(path.indexOf(node)), node]);
      return;
    }
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) walk(next, [...path, node]);
    done.add(node);
  };
  for (const node of graph.keys()) walk(node, []);
  return cycles;
}

describe('API module graph', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['users', new Set(['reviews'])],
      ['reviews', new Set(['users'])],
      ['pets', new Set<string>()],
    ]);
    expect(findCycles(graph)).toEqual([['users', 'reviews', 'users']]);
  });

  it('has no two modules importing each other, directly or through others', () => {
    const graph = moduleGraph();
    expect(graph.get('dashboard')).toContain('users');
    const cycles = findCycles(graph).map((c) => c.join(' → '));
    expect(cycles).toEqual([]);
  });
});
