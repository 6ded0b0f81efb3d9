// Where the grace window keeps its slots: Redis when the artifacts live there, else a Postgres
// table. A slot is either a lease (the first request is at the provider) or the sealed response
// of that request; both expire by themselves. The stores only move opaque bytes.
import type pg from 'pg';
import type { ArtifactStorage } from '../artifact-storage.ts';
import { createPostgresGraceStore } from './postgres-grace-store.ts';
import { createRedisGraceStore } from './redis-grace-store.ts';

export interface GraceStore {
  /** Takes the lease on a free (or expired) slot; false when the slot is leased or holds a response. */
  claim(key: string, leaseMs: number): Promise<boolean>;
  /** The sealed response in the slot; undefined while it is leased, or when it is free. */
  read(key: string): Promise<Buffer | undefined>;
  /** Replaces the lease by the sealed response, kept for windowMs. */
  publish(key: string, sealed: Buffer, windowMs: number): Promise<void>;
  /** Frees a leased slot (the request failed): the next request goes to the provider itself. */
  release(key: string): Promise<void>;
}

export function openGraceStore(storage: ArtifactStorage, pool: pg.Pool, redisKeyPrefix: string): GraceStore {
  return storage.redis ? createRedisGraceStore(storage.redis, redisKeyPrefix) : createPostgresGraceStore(pool);
}
