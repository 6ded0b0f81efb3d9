// What the Postgres and Redis artifact stores decide the same way, so that switching stores
// never changes behaviour: which artifacts a grant revocation removes, and what the loser of a
// race to consume a code or token gets (an RFC 6749 error, never a 500).
import { errors } from 'oidc-provider';
import type { AdapterPayload } from 'oidc-provider';

// As in oidc-provider's own memory adapter: the artifacts issued under a grant. The Grant itself
// is not one of them: oidc-provider destroys it separately, when its revokeGrantPolicy says so.
const GRANT_BOUND_MODELS: ReadonlySet<string> = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/** The grant whose revocation (revokeByGrantId) must remove this artifact, if any. */
export function findRevokingGrantId(model: string, payload: AdapterPayload): string | undefined {
  return GRANT_BOUND_MODELS.has(model) && payload.grantId ? payload.grantId : undefined;
}

/**
 * The error for a consume that did not mark the artifact: another request consumed it first,
 * or it is gone. oidc-provider checks `consumed` before calling consume, so only a concurrent
 * request reaches this; it gets the error oidc-provider itself gives for a reused artifact.
 */
export function createConsumeConflict(model: string): Error {
  if (model === 'PushedAuthorizationRequest') {
    return new errors.InvalidRequestUri('request_uri is invalid, expired, or was already used');
  }
  return new errors.InvalidGrant(`${describeModel(model)} not found or already consumed`);
}

// 'AuthorizationCode' → 'authorization code', the wording of oidc-provider's own messages.
function describeModel(model: string): string {
  return model.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase();
}
