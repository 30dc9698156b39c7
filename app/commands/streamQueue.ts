import { OneAtATime } from '../../infra/oneAtATime.ts';

/** Up to this many waiting commands of one stream go into one append. */
const MAX_GROUP = 64;

/** One command waiting for its stream; the pipeline decides it on a given state (see runCommands in pipeline.ts). */
export interface GroupJob {
  lone: boolean;
  /**
   * Runs a group of jobs of this kind instead of the group runner its stream's queue was made with (a
   * transaction over several streams, app/commands/transaction.ts). Jobs are grouped only with the
   * adjacent jobs that carry the same `runAs` kind (plain commands carry none).
   */
  runAs?: { kind: string; run: (jobs: GroupJob[]) => Promise<void>; most: number };
  resolve(value: unknown): void;
  reject(error: unknown): void;
  [more: string]: unknown;
}

/** The commands waiting for each stream of this process, run one stream's at a time. */
export class StreamQueue {
  private readonly queues = new OneAtATime();
  private readonly waiting = new Map<string, GroupJob[]>();

  /**
   * Runs commands on one stream one after the other within this process. Racing them would only make all
   * but one lose the expected-revision check and retry; other processes are still met by those retries.
   */
  serialize<T>(stream: string, work: () => Promise<T>): Promise<T> {
    return this.queues.run(stream, work);
  }

  /**
   * Commands on one stream that queue up while the stream is busy are decided one after the other on the
   * state in memory and appended together, in one append (one expected-revision check, one commit), by
   * `runCommands`. A hot account (a busy sender) then takes as many commands per commit as are waiting,
   * instead of one commit each. Commands are still decided and answered in arrival order.
   */
  enqueue(stream: string, job: GroupJob, run: (jobs: GroupJob[]) => Promise<void>): void {
    const queue = this.waiting.get(stream);
    if (queue) {
      queue.push(job);
      return;
    }
    this.waiting.set(stream, [job]);
    void this.serialize(stream, async () => {
      for (;;) {
        const jobs = this.waiting.get(stream)!;
        if (jobs.length === 0) {
          this.waiting.delete(stream);
          return;
        }
        // A command that looks for its own earlier effect (findEarlier) reads its stream whole: alone. A
        // group holds jobs of one kind (plain commands, or one kind of transaction).
        const kind = jobs[0]!.runAs;
        let take = 1;
        while (
          take < jobs.length &&
          !jobs[0]!.lone &&
          !jobs[take]!.lone &&
          jobs[take]!.runAs?.kind === kind?.kind
        )
          take++;
        const group = jobs.splice(0, Math.min(take, kind?.most ?? MAX_GROUP));
        await (kind ? kind.run(group) : run(group)).catch((error: unknown) => {
          for (const j of group) j.reject(error);
        });
      }
    });
  }
}
