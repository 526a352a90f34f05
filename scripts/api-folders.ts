import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Draws api/'s folder graph and fails when its nodes import each other, directly or round a longer cycle (docs/architecture.md,
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

/**
 * The nodes that reach each other through imports (a cycle of any length), one group per cycle, each
 * sorted: Tarjan's strongly connected components of more than one node. None means the imports run one way.
 */
export function cycles(edges: readonly string[]): string[][] {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges.map((edge) => edge.split(' → ') as [string, string])) next.set(from, [...(next.get(from) ?? []), to]);
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    order.set(node, order.size);
    low.set(node, order.get(node)!);
    stack.push(node);
    for (const to of next.get(node) ?? []) {
      if (!order.has(to)) visit(to);
      if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, low.get(to)!));
    }
    if (low.get(node) !== order.get(node)) return;
    const group = stack.splice(stack.indexOf(node));
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of next.keys()) if (!order.has(node)) visit(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
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
  const found = cycles(edges);
  console.log(edges.join('\n'));
  console.log(
    found.length
      ? `\nReaching each other:\n${found.map((group) => group.join(' ⇄ ')).join('\n')}`
      : `\n${edges.length} imports between api/'s folders, all one way.`,
  );
  process.exitCode = found.length ? 1 : 0;
}
