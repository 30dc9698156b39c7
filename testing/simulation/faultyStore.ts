/** The fault injector of the simulation (see simulation.ts): the store as one process sees it. */

import { StateCache } from '../../app/commands/handleCommand.ts';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type LogPosition,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
  StoreUnavailableError,
  type SubscribeOptions,
  type Subscription,
} from '../../infra/eventStore/eventStore.ts';
import { count, type FaultRates, type Process, ProcessCrashed, type World } from './world.ts';

/** The store as one process sees it: every call is a scheduling point where faults may strike. */
class FaultyStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly asked: (LogPosition | null)[] = [];

  constructor(
    private readonly world: World,
    private readonly process: Process,
  ) {}

  private async gate(operation: string): Promise<void> {
    const { world, process } = this;
    await world.scheduler.pause(`${process.name} ${operation}`);
    if (!process.alive) throw new ProcessCrashed(`${process.name} is dead`);
    if (world.faultsOn && world.random.chance(world.rates.crash)) {
      process.alive = false;
      count(world, 'crash');
      world.note(`  ${process.name} crashed`);
      throw new ProcessCrashed(`${process.name} crashed`);
    }
  }

  private injected(fault: keyof FaultRates): boolean {
    const { world } = this;
    if (!world.faultsOn || !world.random.chance(world.rates[fault])) return false;
    count(world, fault);
    world.note(`  ${this.process.name} ${fault}`);
    return true;
  }

  async init(): Promise<void> {}

  async append(
    streamName: string,
    events: NewEvent[],
    options: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    await this.gate(`append ${streamName}`);
    if (this.injected('appendFailsBeforeCommit')) throw new StoreUnavailableError('injected: append failed');
    const delay = this.injected('delayedCommit') ? this.world.random.int(1, 6) : 0;
    const { scheduler } = this.world;
    const process = this.process;
    const result = await this.world.inner.append(streamName, events, {
      ...options,
      beforeCommit: async () => {
        // Positions taken, transaction open: every reader of the log must wait behind it.
        for (let i = 0; i < delay; i++) await scheduler.pause(`${process.name} commit held open`);
        if (!process.alive) throw new ProcessCrashed(`${process.name} died before COMMIT`);
      },
    });
    // Committed; the answer may still be lost on its way back.
    if (!this.process.alive) throw new ProcessCrashed(`${this.process.name} died before the answer`);
    if (this.injected('appendFailsAfterCommit'))
      throw new StoreUnavailableError('injected: connection lost after commit');
    return result;
  }

  async readStream(streamName: string, options?: ReadStreamOptions) {
    await this.gate(`readStream ${streamName}`);
    if (this.injected('readFails')) throw new StoreUnavailableError('injected: read failed');
    return await this.world.inner.readStream(streamName, options);
  }

  async readAll(options: { after: LogPosition | null; limit: number }): Promise<RecordedEvent[]> {
    await this.gate('readAll');
    if (this.injected('readFails')) throw new StoreUnavailableError('injected: read failed');
    this.asked.push(options.after);
    let after = options.after;
    if (this.asked.length > 1 && this.injected('duplicateDelivery'))
      after = this.asked[this.world.random.int(0, this.asked.length - 1)]!;
    return await this.world.inner.readAll({ after, limit: options.limit });
  }

  subscribeToAll(_options: SubscribeOptions): Subscription {
    throw new Error('the simulation reads the log with readAll, as a runner batch does');
  }

  async headPosition(): Promise<LogPosition | null> {
    await this.gate('headPosition');
    return await this.world.inner.headPosition();
  }

  async ping(): Promise<void> {}
  async close(): Promise<void> {}
}

export function spawn(world: World, name: string): Process {
  const process = { name, alive: true, cache: new StateCache() } as Process;
  process.store = new FaultyStore(world, process);
  return process;
}
