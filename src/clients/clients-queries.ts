// SQL of the clients table. Deleting a client cascades (foreign keys in 003_connections.sql and
// 011_client_secret_hashes.sql) to its installations, their permissions and its secret digests.
import type { Queryable } from '../db/pool.ts';
import type { SecretDigest } from './client-secrets.ts';

export type ClientKind = 'integration' | 'resource_server';

export interface ClientRecord {
  readonly clientId: string;
  readonly kind: ClientKind;
  readonly name: string;
  /** Digests of the secrets not yet expired: the current one first, none for a public client. */
  readonly secrets: readonly SecretDigest[];
  readonly redirectUris: string[];
  readonly homepageUri: string | null;
  readonly hasLogo: boolean;
  /** Authorization requests only through PAR (RFC 9126 section 6). */
  readonly requirePar: boolean;
}

export interface ClientLogo {
  readonly bytes: Buffer;
  readonly type: string;
}

export interface NewClientRow {
  readonly clientId: string;
  readonly kind: ClientKind;
  readonly name: string;
  /** The digest of the first secret; null for a public client. */
  readonly secretDigest: string | null;
  readonly redirectUris: string[];
  readonly homepageUri: string | null;
  readonly requirePar?: boolean;
  readonly logoUri?: string | null;
  readonly logo?: ClientLogo | null;
}

interface ClientRow {
  client_id: string;
  kind: ClientKind;
  name: string;
  secrets: Array<{ digest: string; expires_at: string | null }>;
  redirect_uris: string[];
  homepage_uri: string | null;
  has_logo: boolean;
  require_par: boolean;
}

// Secrets past their overlap are left out here; matching checks the expiry again, since a
// record may be cached beyond it.
const COLUMNS = `c.client_id, c.kind, c.name, c.redirect_uris, c.homepage_uri, c.logo IS NOT NULL AS has_logo, c.require_par,
  COALESCE((SELECT json_agg(json_build_object('digest', s.secret_hash, 'expires_at', s.expires_at) ORDER BY s.expires_at DESC NULLS FIRST)
    FROM client_secrets s WHERE s.client_id = c.client_id AND (s.expires_at IS NULL OR s.expires_at > now())), '[]') AS secrets`;

/** One statement, so a confidential client never exists without its secret. */
export async function insertClient(db: Queryable, client: NewClientRow): Promise<void> {
  await db.query(
    `WITH client AS (
       INSERT INTO clients (client_id, kind, name, redirect_uris, homepage_uri, logo_uri, logo, logo_type, require_par)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING client_id)
     INSERT INTO client_secrets (client_id, secret_hash) SELECT client_id, $10 FROM client WHERE $10::text IS NOT NULL`,
    [client.clientId, client.kind, client.name, client.redirectUris, client.homepageUri, client.logoUri ?? null,
      client.logo?.bytes ?? null, client.logo?.type ?? null, client.requirePar ?? false, client.secretDigest],
  );
}

export async function findClientLogo(db: Queryable, clientId: string): Promise<ClientLogo | undefined> {
  const { rows } = await db.query('SELECT logo, logo_type FROM clients WHERE client_id = $1 AND logo IS NOT NULL', [clientId]);
  return rows[0] ? { bytes: rows[0].logo, type: rows[0].logo_type } : undefined;
}

export async function findClientById(db: Queryable, clientId: string): Promise<ClientRecord | undefined> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM clients c WHERE c.client_id = $1`, [clientId]);
  const row: ClientRow | undefined = rows[0];
  return row && toRecord(row);
}

/** Oldest first; secret digests included, callers decide what to show. */
export async function findAllClients(db: Queryable): Promise<ClientRecord[]> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM clients c ORDER BY c.created_at, c.client_id`);
  return rows.map(toRecord);
}

/** True when a row was deleted. */
export async function deleteClient(db: Queryable, clientId: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM clients WHERE client_id = $1', [clientId]);
  return (rowCount ?? 0) > 0;
}

function toRecord(row: ClientRow): ClientRecord {
  return {
    clientId: row.client_id,
    kind: row.kind,
    name: row.name,
    secrets: row.secrets.map((secret) => ({ digest: secret.digest, expiresAt: secret.expires_at === null ? null : new Date(secret.expires_at) })),
    redirectUris: row.redirect_uris,
    homepageUri: row.homepage_uri,
    hasLogo: row.has_logo,
    requirePar: row.require_par,
  };
}
