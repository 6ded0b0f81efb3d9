// What the connected-apps handlers share.
import type pg from 'pg';
import type Provider from 'oidc-provider';
import type { Config } from '../config.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import type { CsrfPolicy } from '../http/csrf.ts';
import type { LoginThrottle } from '../throttle/login-throttle.ts';

export interface AccountDeps {
  readonly config: Config;
  readonly provider: Provider;
  readonly pool: pg.Pool;
  readonly feed: ChangeFeed;
  readonly csrf: CsrfPolicy;
  readonly throttle: LoginThrottle;
  /** Cookies get `Secure` when the issuer is https. */
  readonly secure: boolean;
}

/** The signed-in user of an /account request, set by the session guard. */
export interface AccountState {
  readonly userId: string;
  readonly sessionHash: string;
}
