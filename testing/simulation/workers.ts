/** The simulation's workers (see simulation.ts): the ledger follow-up worker and a balances projection. */

import { ledgerFollowUps } from '../../app/workflows/followUps.ts';
import { postingsOf } from '../../domain/ledger/postings.ts';
import {
  comparePositions,
  formatPosition,
  type LogPosition,
  StoreUnavailableError,
} from '../../infra/eventStore/eventStore.ts';
import { applyEvent, handlesType } from '../../projections/projection.ts';
import { spawn } from './faultyStore.ts';
import { contextOf, count, ProcessCrashed, type Sabotage, type World } from './world.ts';

/**
 * The follow-up worker: a runner loop with its checkpoint; side effects first, checkpoint after. Runs for
 * ever; the returned state is where it is.
 */
export function startFollowUps(world: World, violations: string[]) {
  const { random, scheduler, note } = world;
  const state: { checkpoint: LogPosition | null; idle: boolean } = { checkpoint: null, idle: false };
  void (async () => {
    let process = spawn(world, 'follow-ups');
    let manager = ledgerFollowUps(contextOf(world, process), { creditGraceMs: 0 });
    for (;;) {
      try {
        const batch = await process.store.readAll({ after: state.checkpoint, limit: random.int(1, 8) });
        const relevant = batch.filter((e) => comparePositions(e.position, state.checkpoint) > 0);
        state.idle = relevant.length === 0;
        if (relevant.length === 0) {
          await scheduler.pause('follow-ups idle');
          continue;
        }
        if (random.chance(0.5)) {
          // The runner's set-based form (what production runs), half of the time.
          const handled = relevant.filter((event) => handlesType(manager, event.type));
          if (handled.length > 0) await manager.applyBatch!(handled, null as never);
          if (world.faultsOn && random.chance(world.rates.crashBeforeCheckpoint)) {
            count(world, 'crashBeforeCheckpoint');
            throw new ProcessCrashed('follow-ups died before their checkpoint');
          }
        } else {
          for (const event of relevant) {
            await applyEvent(manager, event, null as never);
            if (world.faultsOn && random.chance(world.rates.crashBeforeCheckpoint)) {
              count(world, 'crashBeforeCheckpoint');
              throw new ProcessCrashed('follow-ups died before their checkpoint');
            }
          }
        }
        state.checkpoint = relevant[relevant.length - 1]!.position;
      } catch (error) {
        if (!(error instanceof StoreUnavailableError || error instanceof ProcessCrashed)) {
          if ((error as Error).name !== 'WrongExpectedRevisionError')
            violations.push(`follow-ups: unexpected ${(error as Error).stack ?? String(error)}`);
        }
        // The runner rolls back and retries from its checkpoint; a dead worker is replaced.
        note(`  follow-ups restart from ${state.checkpoint ? formatPosition(state.checkpoint) : 'start'}`);
        process.alive = false;
        process = spawn(world, 'follow-ups');
        manager = ledgerFollowUps(contextOf(world, process), { creditGraceMs: 0 });
        await scheduler.pause('follow-ups backoff');
      }
    }
  })();
  return state;
}

export interface ProjectionState {
  balances: Map<string, bigint>;
  applied: Map<string, number>;
  checkpoint: LogPosition | null;
}

/**
 * The balances projection: rows and checkpoint in one commit, as projections/engine/runner.ts does it. Runs for
 * ever; the returned view holds its committed state.
 */
export function startProjection(world: World, violations: string[], sabotage: Sabotage | undefined) {
  const { random, scheduler } = world;
  const view: { state: ProjectionState; idle: boolean } = {
    state: { balances: new Map(), applied: new Map(), checkpoint: null },
    idle: false,
  };
  void (async () => {
    let process = spawn(world, 'projection');
    for (;;) {
      try {
        const batch = await process.store.readAll({ after: view.state.checkpoint, limit: random.int(1, 8) });
        const relevant = batch.filter((e) => comparePositions(e.position, view.state.checkpoint) > 0);
        view.idle = relevant.length === 0;
        if (relevant.length === 0) {
          await scheduler.pause('projection idle');
          continue;
        }
        const staged: ProjectionState = {
          balances: new Map(view.state.balances),
          applied: new Map(view.state.applied),
          checkpoint: relevant[relevant.length - 1]!.position,
        };
        for (const event of relevant) {
          staged.applied.set(event.id, (staged.applied.get(event.id) ?? 0) + 1);
          for (const posting of postingsOf(event)) {
            const from = `${posting.from}|${posting.asset}`;
            const to = `${posting.to}|${posting.asset}`;
            staged.balances.set(from, (staged.balances.get(from) ?? 0n) - posting.units);
            staged.balances.set(to, (staged.balances.get(to) ?? 0n) + posting.units);
          }
        }
        const crashes = () => world.faultsOn && random.chance(world.rates.crashBeforeCheckpoint);
        if (sabotage?.checkpointApart) {
          view.state = { ...staged, checkpoint: view.state.checkpoint };
          await scheduler.pause('projection between rows and checkpoint');
          if (crashes()) throw new ProcessCrashed('projection died before its checkpoint');
          view.state = { ...view.state, checkpoint: staged.checkpoint };
        } else {
          await scheduler.pause('projection commit');
          if (crashes()) throw new ProcessCrashed('projection died before COMMIT');
          view.state = staged;
        }
      } catch (error) {
        if (!(error instanceof StoreUnavailableError || error instanceof ProcessCrashed))
          violations.push(`projection: unexpected ${(error as Error).stack ?? String(error)}`);
        count(world, 'projection restart');
        process.alive = false;
        process = spawn(world, 'projection');
        await scheduler.pause('projection backoff');
      }
    }
  })();
  return view;
}
