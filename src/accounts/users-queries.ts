// SQL of the users table. Emails are matched case-insensitively through lower(email), the
// expression the unique index users_email_key is built on, so lookups use that index.
import type { Queryable } from '../db/pool.ts';

export type Locale = 'en' | 'de';

export interface User {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly locale: Locale;
}

export interface UserWithPasswordHash extends User {
  readonly passwordHash: string;
}

/** The constraint a second account with the same email (in any case) violates. */
export const UNIQUE_EMAIL_CONSTRAINT = 'users_email_key';

export async function insertUser(db: Queryable, user: UserWithPasswordHash): Promise<void> {
  await db.query('INSERT INTO users (id, email, name, locale, password_hash) VALUES ($1, $2, $3, $4, $5)', [
    user.id,
    user.email,
    user.name,
    user.locale,
    user.passwordHash,
  ]);
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserWithPasswordHash | undefined> {
  const { rows } = await db.query(
    'SELECT id, email, name, locale, password_hash FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  const row = rows[0];
  return row && { ...toUser(row), passwordHash: row.password_hash };
}

export async function findUserById(db: Queryable, id: string): Promise<User | undefined> {
  const { rows } = await db.query('SELECT id, email, name, locale FROM users WHERE id = $1', [id]);
  const row = rows[0];
  return row && toUser(row);
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  locale: Locale;
}

function toUser(row: UserRow): User {
  return { id: row.id, email: row.email, name: row.name, locale: row.locale };
}
