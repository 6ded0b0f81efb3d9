// SQL of the clients table. Deleting a client cascades (foreign keys in 003_connections.sql)
// to its installations and their permissions.
import type { Queryable } from '../db/pool.ts';

export type ClientKind = 'integration' | 'resource_server';

export interface ClientRecord {
  readonly clientId: string;
  readonly kind: ClientKind;
  readonly name: string;
  readonly clientSecret: string | null;
  readonly redirectUris: string[];
  readonly homepageUri: string | null;
  readonly hasLogo: boolean;
}

export interface ClientLogo {
  readonly bytes: Buffer;
  readonly type: string;
}

export interface NewClientRow extends Omit<ClientRecord, 'hasLogo'> {
  readonly logoUri?: string | null;
  readonly logo?: ClientLogo | null;
}

interface ClientRow {
  client_id: string;
  kind: ClientKind;
  name: string;
  client_secret: string | null;
  redirect_uris: string[];
  homepage_uri: string | null;
  has_logo: boolean;
}

const COLUMNS = 'client_id, kind, name, client_secret, redirect_uris, homepage_uri, logo IS NOT NULL AS has_logo';

export async function insertClient(db: Queryable, client: NewClientRow): Promise<void> {
  await db.query(
    `INSERT INTO clients (client_id, kind, name, client_secret, redirect_uris, homepage_uri, logo_uri, logo, logo_type)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [client.clientId, client.kind, client.name, client.clientSecret, client.redirectUris,
      client.homepageUri, client.logoUri ?? null, client.logo?.bytes ?? null, client.logo?.type ?? null],
  );
}

export async function findClientLogo(db: Queryable, clientId: string): Promise<ClientLogo | undefined> {
  const { rows } = await db.query('SELECT logo, logo_type FROM clients WHERE client_id = $1 AND logo IS NOT NULL', [clientId]);
  return rows[0] ? { bytes: rows[0].logo, type: rows[0].logo_type } : undefined;
}

export async function findClientById(db: Queryable, clientId: string): Promise<ClientRecord | undefined> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM clients WHERE client_id = $1`,
    [clientId],
  );
  const row: ClientRow | undefined = rows[0];
  return row && toRecord(row);
}

/** Oldest first; secrets included, callers decide what to show. */
export async function findAllClients(db: Queryable): Promise<ClientRecord[]> {
  const { rows } = await db.query(
    `SELECT ${COLUMNS} FROM clients ORDER BY created_at, client_id`,
  );
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
    clientSecret: row.client_secret,
    redirectUris: row.redirect_uris,
    homepageUri: row.homepage_uri,
    hasLogo: row.has_logo,
  };
}
