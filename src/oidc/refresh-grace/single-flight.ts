// One request per rotated refresh token goes to oidc-provider; the others wait for its answer.
// Whoever claims the slot leads. The others poll it, backing off, until the leader publishes
// (then they follow), releases it after a failure (then the next claim leads), or the wait
// ends (then oidc-provider answers them itself, under its own rules).
import { setTimeout as sleep } from 'node:timers/promises';
import type { GraceStore } from './grace-store.ts';

export type Turn =
  | { readonly kind: 'lead' }
  | { readonly kind: 'follow'; readonly sealed: Buffer }
  | { readonly kind: 'timed_out' };

/** How long a leader may take at the provider before its slot is free again. */
export const LEASE_MS = 15_000;
const FIRST_PAUSE_MS = 10;
const MAX_PAUSE_MS = 100;

export async function awaitTurn(store: GraceStore, key: string, maxWaitMs = LEASE_MS): Promise<Turn> {
  const deadline = Date.now() + maxWaitMs;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    if (await store.claim(key, LEASE_MS)) return { kind: 'lead' };
    const sealed = await store.read(key);
    if (sealed) return { kind: 'follow', sealed };
    if (Date.now() >= deadline) return { kind: 'timed_out' };
    await sleep(pause);
  }
}
