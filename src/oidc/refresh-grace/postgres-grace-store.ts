// Grace slots in the refresh_grace table, for deployments without Redis. The lease is one
// conditional upsert (a live slot is never replaced), so one request per rotated token leads.
// Expired rows are swept now and then by the nodes that write slots.
import type pg from 'pg';
import type { GraceStore } from './grace-store.ts';
import * as queries from './refresh-grace-queries.ts';

const SWEEP_INTERVAL_MS = 60_000;

export function createPostgresGraceStore(pool: pg.Pool): GraceStore {
  let lastSweep = Date.now();
  const sweepNowAndThen = () => {
    if (Date.now() - lastSweep < SWEEP_INTERVAL_MS) return;
    lastSweep = Date.now();
    queries.deleteExpiredGraceSlots(pool).catch((error: Error) => console.error('refresh grace sweep failed:', error.message));
  };
  return {
    async claim(key, leaseMs) {
      sweepNowAndThen();
      return queries.claimGraceSlot(pool, key, leaseMs);
    },
    read: (key) => queries.findSealedGraceEntry(pool, key),
    publish: (key, sealed, windowMs) => queries.publishGraceEntry(pool, key, sealed, windowMs),
    release: (key) => queries.releaseGraceLease(pool, key),
  };
}
