// Runs the purge inside the server: once shortly after start, then every hour. Every node
// schedules it; a lease lets one node at a time run it. The lease is a row in job_leases
// (purge-queries.ts) taken with a conditional upsert, renewed before each batch, released at
// the end, and expiring by itself if its node dies mid-run. Why not pg_try_advisory_lock:
// on the embedded PGlite every pool connection shares one session, where a session-level
// advisory lock is granted to every caller; and a transaction-level lock would have to span
// the whole run, while the purge must run outside a transaction (see purge.ts). A lease row
// works the same on PGlite and on PostgreSQL across nodes. The purge itself is safe to run
// twice at once; the lease only saves the duplicate work.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/pool.ts';
import { purgeDeletedConnections, type PurgeDeps } from './purge.ts';
import { deleteLease, upsertLease } from './purge-queries.ts';

const FIRST_RUN_DELAY_MS = 60_000;
const RUN_INTERVAL_MS = 60 * 60_000;
const LEASE_NAME = 'purge-deleted-connections';
/** Far longer than one batch takes; it only matters when a node dies holding the lease. */
const LEASE_TTL_MS = 10 * 60_000;

export interface PurgeSchedule {
  /** Cancels the next run and waits for a running one to end its batch. */
  stop(): Promise<void>;
}

export interface PurgeTiming {
  readonly firstRunDelayMs?: number;
  readonly intervalMs?: number;
}

/** Takes the purge lease for `holder`, or extends it when already theirs; false when another holder has it. */
export function takePurgeLease(db: Queryable, holder: string, ttlMs = LEASE_TTL_MS): Promise<boolean> {
  return upsertLease(db, { name: LEASE_NAME, holder, ttlMs });
}

export function releasePurgeLease(db: Queryable, holder: string): Promise<void> {
  return deleteLease(db, { name: LEASE_NAME, holder });
}

/** One run when the lease is ours: the number purged, or undefined when another node runs it. */
export async function runScheduledPurge(deps: PurgeDeps, keepGoing: () => boolean = () => true): Promise<number | undefined> {
  const holder = randomUUID();
  if (!(await takePurgeLease(deps.pool, holder))) return undefined;
  try {
    return await purgeDeletedConnections(deps, {
      beforeBatch: async () => keepGoing() && takePurgeLease(deps.pool, holder),
    });
  } finally {
    await releasePurgeLease(deps.pool, holder);
  }
}

export function startPurgeSchedule(deps: PurgeDeps, timing: PurgeTiming = {}): PurgeSchedule {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = (delayMs: number) => {
    timer = setTimeout(run, delayMs);
    timer.unref();
  };
  const run = () => {
    running = runScheduledPurge(deps, () => !stopped)
      .then(reportRun, (error: Error) => console.error('purge of deleted connections failed:', error.message))
      .finally(() => {
        if (!stopped) schedule(timing.intervalMs ?? RUN_INTERVAL_MS);
      });
  };
  schedule(timing.firstRunDelayMs ?? FIRST_RUN_DELAY_MS);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

function reportRun(purged: number | undefined): void {
  if (purged) console.log(`purged ${purged} deleted connection(s)`);
}
