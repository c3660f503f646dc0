import { GroupCommit } from '../lib/group-commit.js';
import type { Database } from './database.js';
import { ReplicatedDatabase } from './replicas.js';

/**
 * Look-ups that arrive together, read in one statement per group (a planet: one partition): what is asked while
 * earlier reads are in flight waits for the next free reader, which reads it all at once (GroupCommit). An idle
 * look-up is read at once by `readOne`; under load a look-up costs the database and this process a share of a round
 * trip. With replicas each look-up is read alone: where a read goes follows its own request (db/replicas.ts).
 */
export class ReadsTogether<T, R> {
  private readonly groups = new Map<string, GroupCommit<T, R>>();

  constructor(
    private readonly db: Database,
    private readonly readOne: (group: string, item: T) => Promise<R>,
    /** One result per item, in their order. */
    private readonly readMany: (group: string, items: T[]) => Promise<R[]>,
  ) {}

  read(group: string, item: T): Promise<R> {
    if (this.db instanceof ReplicatedDatabase) return this.readOne(group, item);
    let reader = this.groups.get(group);
    if (!reader) {
      const pglite = this.db.kind === 'pglite';
      reader = new GroupCommit(
        async (items) =>
          items.length === 1 ? [await this.readOne(group, items[0]!)] : this.readMany(group, items),
        {
          // PGlite runs one statement at a time, answering in this thread: a turn lets received requests join.
          maxWriters: pglite ? 1 : 4,
          gatherTurn: pglite,
        },
      );
      this.groups.set(group, reader);
    }
    return reader.add(item);
  }
}
