import { GroupCommit } from '../lib/group-commit.js';
import type { Database } from './database.js';
import { ReplicatedDatabase } from './replicas.js';

/**
 * Look-ups by a UUID that arrive together, read in one statement per group (a planet: one partition): what is asked
 * while earlier reads are in flight waits for the next free reader, which reads it all at once (GroupCommit). An idle
 * look-up is read at once by `readOne`; under load a look-up costs the database and this process a share of a round
 * trip, and an id asked twice in one statement is read once. With replicas each look-up is read alone: where a read
 * goes follows its own request (db/replicas.ts).
 */
export class ReadsTogether<T extends { id: string }, R> {
  private readonly groups = new Map<string, GroupCommit<T, R | undefined>>();
  private readonly alone: boolean;

  constructor(
    private readonly db: Database,
    private readonly readOne: (group: string, item: T) => Promise<R | undefined>,
    /** What was found, by id (as PostgreSQL writes a uuid: lower case); an id not found is left out. */
    private readonly readMany: (group: string, items: T[]) => Promise<ReadonlyMap<string, R>>,
  ) {
    this.alone = db instanceof ReplicatedDatabase;
  }

  /** `item.id` must be a UUID (any case). */
  read(group: string, item: T): Promise<R | undefined> {
    const asked = { ...item, id: item.id.toLowerCase() };
    if (this.alone) return this.readOne(group, asked);
    let reader = this.groups.get(group);
    if (!reader) {
      const pglite = this.db.kind === 'pglite';
      reader = new GroupCommit((items) => this.readTogether(group, items), {
        // PGlite runs one statement at a time, answering in this thread: a turn lets received requests join.
        maxWriters: pglite ? 1 : 4,
        gatherTurn: pglite,
      });
      this.groups.set(group, reader);
    }
    return reader.add(asked);
  }

  private async readTogether(group: string, items: T[]): Promise<(R | undefined)[]> {
    if (items.length === 1) return [await this.readOne(group, items[0]!)];
    const ids = new Set<string>();
    const firstOfEachId = items.filter((item) => !ids.has(item.id) && ids.add(item.id));
    const found = await this.readMany(group, firstOfEachId);
    return items.map((item) => found.get(item.id));
  }
}
