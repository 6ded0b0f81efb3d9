// Migrations apply once, in order, even when several processes start together.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTestDatabase } from '../helpers/database.ts';
import { migrate } from '../../src/db/migrate.ts';

test('concurrent migrate calls apply nothing twice and leave every table in place', async () => {
  const db = await openTestDatabase({ migrated: false });
  try {
    const results = await Promise.all([migrate(db.pool), migrate(db.pool), migrate(db.pool)]);
    // Every file was applied by exactly one of the callers.
    const applied = results.flat();
    assert.equal(new Set(applied).size, applied.length);
    assert.ok(applied.length >= 5);
    const { rows } = await db.pool.query('SELECT name FROM schema_migrations ORDER BY name');
    const names = rows.map((row) => row.name);
    assert.deepEqual(names, [...names].sort());
    assert.equal(new Set(names).size, names.length);
    for (const table of ['users', 'portfolios', 'clients', 'installations', 'permissions', 'signing_keys', 'oidc_artifacts']) {
      const exists = await db.pool.query('SELECT to_regclass($1) AS t', [table]);
      assert.equal(exists.rows[0].t, table);
    }
  } finally {
    await db.close();
  }
});
