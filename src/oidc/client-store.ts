// oidc-provider's Client model, read from the clients table. The provider asks for the client
// on every request, so records are cached and dropped when a client changes.
//
// The table holds only digests of client secrets, while oidc-provider compares a presented
// secret with `client_secret` itself (compareClientSecret). So the metadata is built per call,
// inside the request (Provider.ctx, oidc-provider README "General access to ctx"): when the
// request presents a secret for this very client and it matches a stored digest, the metadata
// carries that presented secret; otherwise a random value of this process that nobody can
// present. Neither the digests nor anything else from the database ever authenticates.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import { TtlCache } from '../cache.ts';
import { isWellFormedId } from '../ids.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { findClientRecord, type ClientRecord } from '../clients/client-registry.ts';
import { parseBasicCredentials } from '../clients/client-authentication.ts';
import { hasSecret, matchesClientSecret } from '../clients/client-secrets.ts';

/** Client metadata property carrying our kind of client: an integration or a resource server. */
export const CLIENT_KIND = 'client_kind';

const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 10_000;
const SENTINEL_BYTES = 32;
const UNPRESENTABLE_SECRET = randomBytes(SENTINEL_BYTES).toString('base64url');

export function createClientAdapter(pool: pg.Pool, feed: ChangeFeed): Adapter {
  const cache = new TtlCache<ClientRecord | undefined>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES });
  feed.subscribe((channel, id) => {
    if (channel === 'client_changed') cache.delete(id);
  });
  const readOnly = async (): Promise<never> => {
    throw new Error('clients are managed with `connect-auth clients`, not through oidc-provider');
  };
  return {
    async find(id) {
      // A client_id from a request that cannot be one (NUL, megabytes) is unknown, not a query error.
      if (!isWellFormedId(id)) return undefined;
      const record = await cache.get(id, () => findClientRecord(pool, id));
      return record && toMetadata(record, secretForMetadata(record));
    },
    upsert: readOnly,
    destroy: readOnly,
    consume: readOnly,
    revokeByGrantId: readOnly,
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
  };
}

/** The secret the current request presents for this client, when it is one of its secrets. */
function secretForMetadata(record: ClientRecord): string {
  const presented = presentedSecret(record.clientId);
  return presented !== undefined && matchesClientSecret(presented, record) ? presented : UNPRESENTABLE_SECRET;
}

// Where oidc-provider itself takes the secret from (lib/shared/client_auth.js): the
// client_secret parameter, else HTTP Basic; only for the client id the request names.
function presentedSecret(clientId: string): string | undefined {
  const ctx = Provider.ctx;
  if (!ctx) return undefined;
  const params = ctx.oidc?.params as Record<string, unknown> | undefined;
  if (typeof params?.client_secret === 'string') {
    return params.client_id === clientId ? params.client_secret : undefined;
  }
  const basic = parseBasicCredentials(ctx.get('authorization') || undefined);
  return basic?.clientId === clientId ? basic.secret : undefined;
}

function toMetadata(record: ClientRecord, clientSecret: string): AdapterPayload {
  const common = { client_id: record.clientId, client_name: record.name, [CLIENT_KIND]: record.kind };
  if (record.kind === 'resource_server') {
    // Introspection and revocation only: no grants, no authorization endpoint.
    return {
      ...common,
      client_secret: clientSecret,
      token_endpoint_auth_method: 'client_secret_basic',
      redirect_uris: [],
      response_types: [],
      grant_types: [],
    };
  }
  return {
    ...common,
    ...(hasSecret(record)
      ? { client_secret: clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
    // 'web' keeps redirect URI matching exact; 'native' would let loopback ports vary.
    application_type: 'web',
    redirect_uris: record.redirectUris,
    response_types: ['code'],
    grant_types: ['authorization_code', 'refresh_token'],
    require_pushed_authorization_requests: record.requirePar,
  };
}
