// What the interaction handlers share: the provider, the database, the CSRF policy and the
// login throttle.
import type pg from 'pg';
import type Provider from 'oidc-provider';
import type { Config } from '../config.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { CsrfPolicy } from '../http/csrf.ts';
import type { LoginThrottle } from '../throttle/login-throttle.ts';

export interface InteractionDeps {
  readonly config: Config;
  readonly provider: Provider;
  readonly pool: pg.Pool;
  readonly feed: ChangeFeed;
  readonly csrf: CsrfPolicy;
  readonly throttle: LoginThrottle;
}
