// What the interaction handlers share: the provider, the database, and the CSRF policy.
import type pg from 'pg';
import type Provider from 'oidc-provider';
import type { Config } from '../config.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { CsrfPolicy } from '../http/csrf.ts';

export interface InteractionDeps {
  readonly config: Config;
  readonly provider: Provider;
  readonly pool: pg.Pool;
  readonly feed: ChangeFeed;
  readonly csrf: CsrfPolicy;
}
