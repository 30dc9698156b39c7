import { OneAtATime } from '../../infra/oneAtATime.ts';

/** Up to this many waiting commands of one stream go into one append. */
const MAX_GROUP = 64;

/** One command waiting for its stream; the pipeline decides it on a given state (see runGroup). */
export interface GroupJob {
  lone: boolean;
  /**
   * Runs the job by itself rather than through the group runner its stream's queue was made with (a
   * transaction over several streams, app/commands/transaction.ts). Such a job is always lone.
   */
  runAlone?: () => Promise<void>;
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
   * `runGroup`. A hot account (a busy sender) then takes as many commands per commit as are waiting,
   * instead of one commit each. Commands are still decided and answered in arrival order.
   */
  enqueue(stream: string, job: GroupJob, runGroup: (jobs: GroupJob[]) => Promise<void>): void {
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
        // A command that looks for its own earlier effect (findEarlier) reads its stream whole: alone.
        const lone = jobs.findIndex((j) => j.lone);
        const take = lone === 0 ? 1 : lone === -1 ? jobs.length : lone;
        const group = jobs.splice(0, Math.min(take, MAX_GROUP));
        const alone = group.length === 1 ? group[0]!.runAlone : undefined;
        await (alone ? alone() : runGroup(group)).catch((error: unknown) => {
          for (const j of group) j.reject(error);
        });
      }
    });
  }
}
