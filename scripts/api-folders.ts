import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Draws api/'s folder graph and fails when two of its nodes import each other (docs/architecture.md,
 * "The gateway's folders"). A node is a folder, or one of api/'s own files: those sit beside every
 * folder, so counting them as one node "api" would join every folder to every other.
 */

/** One module of dependency-cruiser's JSON output, as far as this reads it. */
export interface CruisedModule {
  source: string;
  dependencies: readonly { resolved: string }[];
}

/** The node a module belongs to: its folder, or itself for a file directly under api/. */
export const nodeOf = (path: string): string => (path.split('/').length === 2 ? path : path.slice(0, path.lastIndexOf('/')));

/** Each import between two nodes of api/, once, as "from → to", sorted. */
export function folderEdges(modules: readonly CruisedModule[]): string[] {
  const edges = new Set<string>();
  for (const module of modules.filter(({ source }) => source.startsWith('api/')))
    for (const { resolved } of module.dependencies.filter(({ resolved }) => resolved.startsWith('api/'))) {
      const [from, to] = [nodeOf(module.source), nodeOf(resolved)];
      if (from !== to) edges.add(`${from} → ${to}`);
    }
  return [...edges].sort();
}

/** The pairs of nodes that import each other, as "a ⇄ b" with a before b. */
export function twoWayPairs(edges: readonly string[]): string[] {
  const present = new Set(edges);
  return edges
    .map((edge) => edge.split(' → ') as [string, string])
    .filter(([from, to]) => from < to && present.has(`${to} → ${from}`))
    .map(([from, to]) => `${from} ⇄ ${to}`);
}

/** dependency-cruiser's modules of api/ in the project at root, type-only imports included (as `npm run layers` counts them). */
export function cruiseApi(root: string): CruisedModule[] {
  const result = spawnSync(
    join(root, 'node_modules', '.bin', 'depcruise'),
    ['--config', join(root, '.dependency-cruiser.js'), '--output-type', 'json', 'api'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (!result.stdout) throw new Error(`depcruise failed: ${result.stderr}`);
  return (JSON.parse(result.stdout) as { modules: CruisedModule[] }).modules;
}

if (require.main === module) {
  const edges = folderEdges(cruiseApi(join(__dirname, '..')));
  const pairs = twoWayPairs(edges);
  console.log(edges.join('\n'));
  console.log(
    pairs.length ? `\nImporting each other:\n${pairs.join('\n')}` : `\n${edges.length} imports between api/'s folders, none both ways.`,
  );
  process.exitCode = pairs.length ? 1 : 0;
}
