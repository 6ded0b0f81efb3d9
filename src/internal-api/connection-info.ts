// The GET /user body (spec 2.1) of an installation, read fresh from the database. The
// introspection path serves the same body from the ConnectionDirectory cache because it is
// hot; the internal API is not, and an API server calling it (after a grant, from a background
// job) must see a disconnect made a moment ago by any process, not a cached copy.
import type { Queryable } from '../db/pool.ts';
import { toConnectionInfo, type ConnectionInfo } from '../connections/connection-directory.ts';
import { findConnection } from '../connections/connection-queries.ts';
import { isWellFormedId } from './request-input.ts';

/** undefined when no installation has this id (never created, or purged). */
export async function readConnectionInfo(db: Queryable, installationId: string): Promise<ConnectionInfo | undefined> {
  if (!isWellFormedId(installationId)) return undefined;
  const row = await findConnection(db, installationId);
  return row && toConnectionInfo(row);
}
