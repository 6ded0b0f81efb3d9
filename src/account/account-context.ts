// What the connected-apps handlers share: the same as the interaction pages, plus whether
// cookies must be Secure.
import type { InteractionDeps } from '../interactions/interaction-context.ts';

export interface AccountDeps extends InteractionDeps {
  /** Cookies get `Secure` when the issuer is https. */
  readonly secure: boolean;
}

/** The signed-in user of an /account request, set by the session guard. */
export interface AccountState {
  readonly userId: string;
  readonly sessionHash: string;
}
