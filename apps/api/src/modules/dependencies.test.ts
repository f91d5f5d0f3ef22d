import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const modulesDir = dirname(fileURLToPath(import.meta.url));

/** Module name → the modules its non-test files import (relative imports resolved, type imports too). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const files = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f.includes('/'),
  );
  for (const file of files) {
    const from = file.split('/')[0] ?? file;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    const { importedFiles } = ts.preProcessFile(readFileSync(join(modulesDir, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = relative(modulesDir, resolve(modulesDir, dirname(file), fileName));
      if (target.startsWith('..') || !target.includes('/')) continue;
      const to = target.split('/')[0] ?? target;
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle of the graph, each as the path that closes it (a → b → a), found by depth-first search. */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const visit = (node: string, path: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const loop = path.slice(at);
        const start = loop.indexOf([...loop].sort()[0] ?? '');
        const rotated = [...loop.slice(start), ...loop.slice(0, start)];
        found.add([...rotated, rotated[0]].join(' → '));
      } else if (path.length < 6) visit(next, [...path, next]);
    }
  };
  for (const node of graph.keys()) visit(node, [node]);
  return [...found].sort();
}

describe('API modules', () => {
  it('depend on each other in one direction only (no cycle between modules)', () => {
    expect(cycles(moduleGraph())).toEqual([]);
  });
});
