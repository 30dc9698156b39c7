import type { Decider } from '../../domain/shared/decider.ts';
import type { EventMetadata } from '../../infra/eventStore/eventStore.ts';
import type { CommandResult, DomainEventShape, PipelineContext } from './context.ts';
import { type HandleOptions, type Job, runCommands } from './pipeline.ts';

export type { CommandContext, CommandResult, DomainEventShape, PipelineContext } from './context.ts';
export type { HandleOptions } from './pipeline.ts';
export { loadState, StateCache } from './stateCache.ts';

/**
 * Runs a command on a stream: queued behind the commands already waiting for it in this process
 * (streamQueue.ts), then load → decide → append with the expected revision, retried on a concurrent
 * write (pipeline.ts), on the cached folded state (stateCache.ts). A retried command is recognised by its
 * events' ids (retries.ts).
 */
export async function handleCommand<State, Command, Event extends DomainEventShape>(
  ctx: PipelineContext,
  streamName: string,
  decider: Decider<State, Command, Event>,
  command: Command | ((state: State) => Command),
  metadata: EventMetadata,
  options: HandleOptions = {},
): Promise<CommandResult<State, Event>> {
  return await new Promise<CommandResult<State, Event>>((resolve, reject) => {
    const job: Job<State, Command> = {
      lone: options.findEarlier === true,
      command,
      metadata,
      options,
      resolve: resolve as (value: unknown) => void,
      reject,
    };
    ctx.cache.queue.enqueue(streamName, job, (jobs) =>
      runCommands(ctx, streamName, decider, jobs as Job<State, Command>[]),
    );
  });
}
