// oidc-provider artifacts (sessions, interactions, codes, tokens, grants) in the oidc_artifacts
// table, for deployments without Redis. Implements the whole adapter contract of oidc-provider's
// example/my_adapter.js. consume is one conditional UPDATE: oidc-provider checks `consumed` and
// then calls consume, so without it two concurrent token requests could redeem one code.
// Ids and uids come from requests (tokens, cookies): what cannot be one (NUL, which text can't
// hold, or megabytes) is not looked up, so it is a miss and not a query error. Nor can jsonb hold
// NUL: a payload carrying one (only request parameters can, and RFC 6749 Appendix A allows none)
// is refused as invalid_request, which the authorization endpoint reports to the client.
import type pg from 'pg';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import * as queries from './artifacts-queries.ts';
import { createConsumeConflict, findRevokingGrantId } from './contract.ts';
import { isWellFormedId } from '../../ids.ts';

export { deleteExpiredArtifacts } from './artifacts-queries.ts';

export function createPostgresAdapterFactory(pool: pg.Pool): (modelName: string) => Adapter {
  return (modelName) => createPostgresAdapter(pool, modelName);
}

function createPostgresAdapter(pool: pg.Pool, model: string): Adapter {
  return {
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      if (holdsNul(payload)) throw new errors.InvalidRequest('request parameters must not contain NUL characters');
      await queries.upsertArtifact(pool, {
        model,
        id,
        payload,
        grantId: findRevokingGrantId(model, payload),
        uid: payload.uid,
        expiresIn,
      });
    },
    find: async (id) => (isWellFormedId(id) ? queries.findArtifact(pool, model, id) : undefined),
    findByUid: async (uid) => (isWellFormedId(uid) ? queries.findArtifactByUid(pool, model, uid) : undefined),
    findByUserCode: async (userCode) => (isWellFormedId(userCode) ? queries.findArtifactByUserCode(pool, model, userCode) : undefined),
    async consume(id) {
      if (!(await queries.consumeArtifact(pool, model, id))) throw createConsumeConflict(model);
    },
    async destroy(id) {
      await queries.deleteArtifact(pool, model, id);
    },
    async revokeByGrantId(grantId) {
      await queries.deleteArtifactsOfGrant(pool, grantId);
    },
  };
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, inner]) => key.includes('\0') || holdsNul(inner));
  return false;
}
