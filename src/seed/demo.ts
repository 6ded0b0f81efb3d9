// First-start demo data for the embedded default, so a newcomer completes a flow within a
// minute: a user, two portfolios and a public client. Only when the database has no users,
// and never in production (SEED_DEMO defaults to false there).
import type pg from 'pg';
import { addUser } from '../accounts/user-service.ts';
import { addPortfolio } from '../portfolios/portfolio-service.ts';
import { registerIntegration } from '../clients/client-registry.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { findClientIdByName, hasAnyUser } from './seed-queries.ts';

export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_CLIENT_NAME = 'Demo Integration';

export interface DemoSeed {
  readonly clientId: string;
  readonly redirectUri: string;
}

/** Seeds once; later starts find the demo client again by name. */
export async function seedDemo(pool: pg.Pool, feed: ChangeFeed, issuer: string): Promise<DemoSeed | undefined> {
  const redirectUri = `${issuer}/demo/callback`;
  const existing = await findClientIdByName(pool, DEMO_CLIENT_NAME);
  if (existing) return { clientId: existing, redirectUri };
  if (await hasAnyUser(pool)) return undefined;
  await addUser(pool, { email: DEMO_EMAIL, password: DEMO_PASSWORD, name: 'Demo User', locale: 'en' });
  await addPortfolio(pool, { userEmail: DEMO_EMAIL, name: 'Long-term investments', currency: 'EUR', calculationMethod: 'fifo' });
  await addPortfolio(pool, { userEmail: DEMO_EMAIL, name: 'US brokerage', currency: 'USD', calculationMethod: 'moving_average' });
  const client = await registerIntegration(pool, feed, { name: DEMO_CLIENT_NAME, redirectUris: [redirectUri], confidential: false });
  return { clientId: client.client_id, redirectUri };
}
