// One request per rotated refresh token goes to oidc-provider; the others wait for its answer.
// Across nodes, the store decides: whoever claims the slot leads, the others poll it (backing
// off) until the leader publishes (they follow), releases it after a failure (the next claim
// leads), or their wait ends (oidc-provider answers them itself, under its own rules).
// Within a node, one request per token deals with the store and the others wait for what it
// learns, so a burst of parallel requests costs the store one poller, not one each.
import { setTimeout as sleep } from 'node:timers/promises';
import type { GraceStore } from './grace-store.ts';

export type Turn =
  /** Go to the provider; then settle with the sealed response, or undefined if there is none. */
  | { readonly kind: 'lead'; settle(sealed: Buffer | undefined): void }
  | { readonly kind: 'follow'; readonly sealed: Buffer }
  | { readonly kind: 'timed_out' };

/** How long a leader may take at the provider before its slot is free again. */
export const LEASE_MS = 15_000;
const FIRST_PAUSE_MS = 10;
const MAX_PAUSE_MS = 100;

export interface SingleFlight {
  awaitTurn(key: string, deadline?: number): Promise<Turn>;
}

export function createSingleFlight(store: GraceStore): SingleFlight {
  const learning = new Map<string, Promise<Buffer | undefined>>();
  return {
    async awaitTurn(key, deadline = Date.now() + LEASE_MS) {
      for (let pending = learning.get(key); pending; pending = learning.get(key)) {
        const sealed = await pending;
        if (sealed) return { kind: 'follow', sealed };
        // What this node's request learned was a failure: the waiters retry, one at a time.
      }
      const { promise, resolve } = Promise.withResolvers<Buffer | undefined>();
      learning.set(key, promise);
      const settle = (sealed: Buffer | undefined) => {
        if (learning.get(key) === promise) learning.delete(key);
        resolve(sealed);
      };
      const turn = await pollStore(store, key, deadline).catch((error: unknown) => {
        settle(undefined);
        throw error;
      });
      if (turn.kind === 'lead') return { kind: 'lead', settle };
      settle(turn.kind === 'follow' ? turn.sealed : undefined);
      return turn;
    },
  };
}

type StoreTurn = { readonly kind: 'lead' } | Exclude<Turn, { kind: 'lead' }>;

async function pollStore(store: GraceStore, key: string, deadline: number): Promise<StoreTurn> {
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    if (await store.claim(key, LEASE_MS)) return { kind: 'lead' };
    const sealed = await store.read(key);
    if (sealed) return { kind: 'follow', sealed };
    if (Date.now() >= deadline) return { kind: 'timed_out' };
    await sleep(pause);
  }
}
