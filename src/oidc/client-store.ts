// oidc-provider's Client model, read from the clients table. The provider asks for the client
// on every request, so records are cached and dropped when a client changes.
import type pg from 'pg';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { TtlCache } from '../cache.ts';
import type { ChangeFeed } from '../db/change-feed.ts';
import { findClientRecord, type ClientRecord } from '../clients/client-registry.ts';

/** Client metadata property carrying our kind of client: an integration or a resource server. */
export const CLIENT_KIND = 'client_kind';

const CACHE_TTL_MS = 10_000;
const CACHE_MAX_ENTRIES = 10_000;

export function createClientAdapter(pool: pg.Pool, feed: ChangeFeed): Adapter {
  const cache = new TtlCache<AdapterPayload | undefined>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX_ENTRIES });
  feed.subscribe((channel, id) => {
    if (channel === 'client_changed') cache.delete(id);
  });
  const readOnly = async (): Promise<never> => {
    throw new Error('clients are managed with `connect-auth clients`, not through oidc-provider');
  };
  return {
    find: (id) => cache.get(id, async () => toMetadata(await findClientRecord(pool, id))),
    upsert: readOnly,
    destroy: readOnly,
    consume: readOnly,
    revokeByGrantId: readOnly,
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
  };
}

function toMetadata(record: ClientRecord | undefined): AdapterPayload | undefined {
  if (!record) return undefined;
  const common = { client_id: record.clientId, client_name: record.name, [CLIENT_KIND]: record.kind };
  if (record.kind === 'resource_server') {
    // Introspection and revocation only: no grants, no authorization endpoint.
    return {
      ...common,
      client_secret: record.clientSecret ?? undefined,
      token_endpoint_auth_method: 'client_secret_basic',
      redirect_uris: [],
      response_types: [],
      grant_types: [],
    };
  }
  return {
    ...common,
    ...(record.clientSecret
      ? { client_secret: record.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
    // 'web' keeps redirect URI matching exact; 'native' would let loopback ports vary.
    application_type: 'web',
    redirect_uris: record.redirectUris,
    response_types: ['code'],
    grant_types: ['authorization_code', 'refresh_token'],
  };
}
