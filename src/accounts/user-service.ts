// Creating and authenticating users. Input is checked here, once, for every caller (the CLI,
// the seed, later a sign-up page); login costs the same whether or not the email is known, so
// response times do not tell an attacker which accounts exist.
import type { Queryable } from '../db/pool.ts';
import { newId } from '../ids.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';
import { findUserByEmail, insertUser, UNIQUE_EMAIL_CONSTRAINT, type Locale, type User } from './users-queries.ts';
import { ValidationError } from './validation-error.ts';

export const MIN_PASSWORD_LENGTH = 8;
// Argon2 accepts any length; the cap keeps a login request from hashing megabytes.
export const MAX_PASSWORD_LENGTH = 1024;
const MAX_EMAIL_LENGTH = 254; // RFC 5321 path limit
const MAX_NAME_LENGTH = 200;
const LOCALES: readonly Locale[] = ['en', 'de'];
// Deliberately loose: one @, no spaces, a dot in the domain. Deliverability is not ours to judge.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export interface NewUserInput {
  readonly email: string;
  readonly password: string;
  readonly name?: string;
  readonly locale?: string;
}

export async function addUser(db: Queryable, input: NewUserInput): Promise<{ id: string }> {
  const email = checkEmail(input.email);
  checkPassword(input.password);
  const name = checkName(input.name ?? '');
  const locale = checkLocale(input.locale ?? 'en');
  const id = newId('usr');
  const passwordHash = await hashPassword(input.password);
  try {
    await insertUser(db, { id, email, name, locale, passwordHash });
  } catch (error) {
    if (isUniqueViolation(error, UNIQUE_EMAIL_CONSTRAINT)) {
      throw new ValidationError('duplicate_email', `a user with the email ${email} already exists`);
    }
    throw error;
  }
  return { id };
}

/** The user whose email and password match, or undefined; same cost for either kind of miss. */
export async function authenticate(db: Queryable, email: string, password: string): Promise<User | undefined> {
  const user = email.length <= MAX_EMAIL_LENGTH ? await findUserByEmail(db, email.trim()) : undefined;
  if (!user || countCharacters(password) > MAX_PASSWORD_LENGTH) {
    await verifyAgainstDummy(password.slice(0, MAX_PASSWORD_LENGTH));
    return undefined;
  }
  if (!(await verifyPassword(password, user.passwordHash))) return undefined;
  return { id: user.id, email: user.email, name: user.name, locale: user.locale };
}

function checkEmail(raw: string): string {
  const email = raw.trim();
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(email)) {
    throw new ValidationError('invalid_email', `"${raw}" is not an email address (expected name@domain.tld)`);
  }
  return email;
}

function checkPassword(password: string): void {
  const length = countCharacters(password);
  if (length < MIN_PASSWORD_LENGTH || length > MAX_PASSWORD_LENGTH) {
    throw new ValidationError(
      'invalid_password',
      `the password must have ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters, it has ${length}`,
    );
  }
}

// Code points, as a person counts characters (an emoji is one, not two UTF-16 units).
function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function checkName(raw: string): string {
  const name = raw.trim();
  if (name.length > MAX_NAME_LENGTH) {
    throw new ValidationError('invalid_name', `the name must have at most ${MAX_NAME_LENGTH} characters`);
  }
  return name;
}

function checkLocale(raw: string): Locale {
  if (!LOCALES.includes(raw as Locale)) {
    throw new ValidationError('invalid_locale', `the locale must be one of ${LOCALES.join(', ')}, got "${raw}"`);
  }
  return raw as Locale;
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && pgError.constraint === constraint;
}
