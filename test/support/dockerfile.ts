import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, posix, relative, sep } from 'node:path';

/** What a Dockerfile says, as far as building and starting the image goes. */
export interface DockerStage {
  name?: string;
  workdir: string;
  env: Record<string, string>;
  steps: DockerStep[];
  cmd?: string[];
}
export type DockerStep = { kind: 'copy'; from?: string; sources: string[]; dest: string } | { kind: 'run'; command: string };

/** Instructions that change nothing in the files or the processes the test starts. */
const IGNORED = new Set(['USER', 'EXPOSE', 'LABEL', 'HEALTHCHECK', 'STOPSIGNAL']);

/** Reads the instructions the test reproduces; any other one fails, so that this reader grows with the Dockerfile. */
export function parseDockerfile(text: string): DockerStage[] {
  const stages: DockerStage[] = [];
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const line of lines) {
    const [, instruction = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line)!;
    const keyword = instruction.toUpperCase();
    if (keyword === 'FROM') {
      const [, name] = /\sAS\s+(\S+)$/i.exec(rest) ?? [];
      stages.push({ name, workdir: '/', env: {}, steps: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`${keyword} before FROM`);
    if (IGNORED.has(keyword)) continue;
    if (keyword === 'WORKDIR') stage.workdir = posix.resolve(stage.workdir, rest);
    else if (keyword === 'ENV') Object.assign(stage.env, parseEnv(rest));
    else if (keyword === 'RUN')
      stage.steps.push({ kind: 'run', command: rest.startsWith('[') ? (JSON.parse(rest) as string[]).join(' ') : rest });
    else if (keyword === 'CMD') stage.cmd = JSON.parse(rest) as string[];
    else if (keyword === 'COPY') stage.steps.push(parseCopy(rest));
    else throw new Error(`the Dockerfile reader does not know ${keyword}: teach test/support/dockerfile.ts what it does`);
  }
  return stages;
}

function parseEnv(rest: string): Record<string, string> {
  if (!rest.includes('=')) {
    const [name = '', ...value] = rest.split(/\s+/);
    return { [name]: value.join(' ') };
  }
  return Object.fromEntries([...rest.matchAll(/(\w+)=("[^"]*"|\S+)/g)].map(([, name, value]) => [name!, value!.replace(/^"|"$/g, '')]));
}

function parseCopy(rest: string): DockerStep {
  const words = rest.startsWith('[') ? (JSON.parse(rest) as string[]) : rest.split(/\s+/);
  let from: string | undefined;
  const paths = words.filter((word) => {
    if (!word.startsWith('--')) return true;
    if (word.startsWith('--from=')) from = word.slice('--from='.length);
    else if (!word.startsWith('--chown=') && !word.startsWith('--chmod=')) throw new Error(`COPY ${word} is not reproduced by the test`);
    return false;
  });
  const dest = paths.pop();
  if (!dest || paths.length === 0) throw new Error(`COPY ${rest}: needs a source and a destination`);
  return { kind: 'copy', from, sources: paths, dest };
}

/** .dockerignore's entries (plain paths, as this project writes them): what COPY never takes from the context. */
function readDockerignore(context: string): (path: string) => boolean {
  const file = join(context, '.dockerignore');
  const patterns = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split(/\r?\n/)
        .map((line) => line.trim().replace(/^\/|\/$/g, ''))
        .filter((line) => line && !line.startsWith('#'))
    : [];
  const wildcard = patterns.find((pattern) => /[*?![]/.test(pattern));
  if (wildcard) throw new Error(`.dockerignore pattern "${wildcard}" is not reproduced by the test`);
  return (path) => patterns.some((pattern) => path === pattern || path.startsWith(`${pattern}/`));
}

export interface BuiltImage {
  /** The final stage's working directory, laid out as in the image. */
  appDir: string;
  /** The final stage's ENV and CMD. */
  env: Record<string, string>;
  cmd?: string[];
}

/**
 * Does what the Dockerfile says in `scratch`, one folder per stage standing for its file system: COPY from the
 * build context (less .dockerignore) or from an earlier stage, RUN in the stage's WORKDIR with `runEnv` and the
 * stage's ENV. Fails with the command's output when a RUN fails.
 */
export async function buildAsDockerfileSays(
  context: string,
  stages: DockerStage[],
  scratch: string,
  runEnv: Record<string, string>,
): Promise<BuiltImage> {
  const ignored = readDockerignore(context);
  const roots: string[] = [];
  stages.forEach((stage, index) => {
    roots[index] = join(scratch, `stage-${index}`);
  });
  for (const [index, stage] of stages.entries()) {
    const root = roots[index]!;
    const workdir = join(root, stage.workdir);
    mkdirSync(workdir, { recursive: true });
    for (const step of stage.steps) {
      if (step.kind === 'run') {
        await runShell(step.command, workdir, { ...runEnv, ...stage.env });
        continue;
      }
      const fromIndex = step.from === undefined ? -1 : stages.findIndex((other, i) => other.name === step.from || String(i) === step.from);
      if (step.from !== undefined && (fromIndex < 0 || fromIndex >= index))
        throw new Error(`COPY --from=${step.from}: no earlier stage of that name`);
      const destination = join(workdir, step.dest);
      const intoFolder = step.dest.endsWith('/') || step.sources.length > 1;
      for (const source of step.sources) {
        const path = fromIndex < 0 ? join(context, source) : join(roots[fromIndex]!, posix.resolve(stages[fromIndex]!.workdir, source));
        if (fromIndex < 0 && ignored(posix.normalize(source)))
          throw new Error(`COPY ${source}: .dockerignore leaves it out of the context`);
        if (!existsSync(path)) throw new Error(`COPY ${source}: not found`);
        const target = intoFolder && !statSync(path).isDirectory() ? join(destination, basename(path)) : destination;
        cpSync(path, target, {
          recursive: true,
          verbatimSymlinks: true,
          filter: (copied) => fromIndex >= 0 || !ignored(relative(context, copied).split(sep).join('/')),
        });
      }
    }
  }
  const last = stages.at(-1)!;
  return { appDir: join(roots.at(-1)!, last.workdir), env: last.env, cmd: last.cmd };
}

function runShell(command: string, cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', command], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`RUN ${command} exited ${code}:\n${output.slice(-6_000)}`))));
  });
}
