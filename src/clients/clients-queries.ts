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
}

interface ClientRow {
  client_id: string;
  kind: ClientKind;
  name: string;
  client_secret: string | null;
  redirect_uris: string[];
}

export async function insertClient(db: Queryable, client: ClientRecord): Promise<void> {
  await db.query(
    'INSERT INTO clients (client_id, kind, name, client_secret, redirect_uris) VALUES ($1, $2, $3, $4, $5)',
    [client.clientId, client.kind, client.name, client.clientSecret, client.redirectUris],
  );
}

export async function findClientById(db: Queryable, clientId: string): Promise<ClientRecord | undefined> {
  const { rows } = await db.query(
    'SELECT client_id, kind, name, client_secret, redirect_uris FROM clients WHERE client_id = $1',
    [clientId],
  );
  const row: ClientRow | undefined = rows[0];
  return row && toRecord(row);
}

/** Oldest first; secrets included, callers decide what to show. */
export async function findAllClients(db: Queryable): Promise<ClientRecord[]> {
  const { rows } = await db.query(
    'SELECT client_id, kind, name, client_secret, redirect_uris FROM clients ORDER BY created_at, client_id',
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
  };
}
