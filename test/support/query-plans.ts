import { MongoClient, type CommandStartedEvent, type Db, type Document } from 'mongodb';

/**
 * What the store really asks the server, and how the server would answer it: the `find` commands a
 * store sends, captured on the wire (so a test cannot drift from the queries the code makes), and
 * each one's winning plan from `explain`.
 */

/** A plan stage that reads an index, not the collection. */
export const INDEX_STAGE = /^(IXSCAN|IDHACK|EXPRESS_IXSCAN|EXPRESS_CLUSTERED_IXSCAN|CLUSTERED_IXSCAN)$/;

export interface RecordedFinds {
  /** The database, through a client that records every `find` it sends. */
  db: Db;
  finds: CommandStartedEvent[];
  close(): Promise<void>;
}

export function recordFinds(uri: string, databaseName: string): RecordedFinds {
  const client = new MongoClient(uri, { monitorCommands: true });
  const finds: CommandStartedEvent[] = [];
  client.on('commandStarted', (event) => {
    if (event.commandName === 'find') finds.push(event);
  });
  return { db: client.db(databaseName), finds, close: () => client.close() };
}

/** The find as `explain` takes it: only the parts that shape the plan. */
export function explainable(command: Document): Document {
  const { find, filter, sort, limit, projection } = command;
  return Object.fromEntries(Object.entries({ find, filter, sort, limit, projection }).filter(([, value]) => value !== undefined));
}

/** The winning plan's stages, depth first; undefined when the server reports no plans (FerretDB v1, for one). */
export async function planStages(db: Db, query: Document): Promise<string[] | undefined> {
  const explained = await db.command({ explain: query, verbosity: 'queryPlanner' });
  const winningPlan = (explained.queryPlanner as Document | undefined)?.winningPlan as Document | undefined;
  return winningPlan && stages(winningPlan);
}

/** The plan's stages, depth first, whatever shape the server nests them in. */
function stages(plan: Document | undefined): string[] {
  if (!plan) return [];
  const children = [plan.inputStage, ...((plan.inputStages as Document[] | undefined) ?? [])] as (Document | undefined)[];
  return [String(plan.stage), ...children.flatMap(stages)];
}
