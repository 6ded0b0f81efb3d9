// How a running server learns of `keys rotate`: oidc-provider reads its `jwks` option once, at
// construction, and has no API to replace the keystore, so a node keeps the keys it started
// with. Every minute it compares them with what it would publish now and, when they differ
// (a rotation, a key becoming active, a key retired), says once that it needs a restart.
import type pg from 'pg';
import { publishedKeys } from './signing-key-order.ts';
import { findSigningKeys } from './signing-keys-queries.ts';
import type { PrivateJwks } from './signing-keys.ts';

const CHECK_INTERVAL_MS = 60_000;

export interface SigningKeyWatch {
  /** Stops checking; resolves when a check under way has finished. */
  stop(): Promise<void>;
}

export function watchSigningKeys(
  pool: pg.Pool,
  loaded: PrivateJwks,
  options: { intervalMs?: number; warn?: (message: string) => void } = {},
): SigningKeyWatch {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const running = describe(loaded.keys.map((key) => String(key.kid)));
  let warned = running;
  let current: Promise<void> = Promise.resolve();
  const check = async () => {
    const wanted = describe((publishedKeys(await findSigningKeys(pool)) ?? []).map((row) => row.kid));
    if (wanted === running || wanted === warned) return;
    warned = wanted;
    warn(`signing keys changed: this node signs and publishes ${running}, the database now says ${wanted}; restart this node to apply (see README, "Signing keys")`);
  };
  const timer = setInterval(() => {
    current = check().catch((error: Error) => console.error('signing key check failed:', error.message));
  }, options.intervalMs ?? CHECK_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}

function describe(kids: readonly string[]): string {
  return kids.length === 0 ? '(no key)' : `${kids[0]} (signing)${kids.slice(1).map((kid) => `, ${kid}`).join('')}`;
}
