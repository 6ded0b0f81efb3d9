// SQL the demo seed needs to find what an earlier start created.
import type { Queryable } from '../db/pool.ts';

export async function findClientIdByName(db: Queryable, name: string): Promise<string | undefined> {
  const { rows } = await db.query('SELECT client_id FROM clients WHERE name = $1 ORDER BY created_at LIMIT 1', [name]);
  return rows[0]?.client_id;
}

export async function hasAnyUser(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users LIMIT 1');
  return rows.length > 0;
}
