// The whole configuration, read from the environment once, validated, frozen.
// Nothing else in the code reads process.env: everything receives a Config.
import { resolve } from 'node:path';

export interface Config {
  readonly production: boolean;
  readonly port: number;
  readonly host: string;
  /** {auth_url}: the issuer identifier, also the base of every endpoint. */
  readonly issuer: string;
  /** {base_url} of the Connect API: the resource indicator and audience of access tokens. */
  readonly apiResource: string;
  /** Unset means the embedded PGlite database in dataDir. */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  /** Unset means oidc-provider artifacts live in the oidc_artifacts Postgres table. */
  readonly redisUrl: string | undefined;
  readonly redisKeyPrefix: string;
  /** First key signs cookies, all keys verify them: rotate by prepending. */
  readonly cookieKeys: readonly string[];
  /** Honour X-Forwarded-* only behind a proxy the operator vouches for. */
  readonly trustProxy: boolean;
  readonly seedDemo: boolean;
  /** Seconds during which a rotated refresh token replays its rotation's response; 0 disables. */
  readonly refreshGraceSeconds: number;
  /** How long `clients rotate-secret` keeps the previous secret valid, unless --overlap says. */
  readonly secretRotationOverlapSeconds: number;
  /** AES-256 key sealing signing keys at rest; required in production. */
  readonly keysEncryptionKey: Buffer | undefined;
  readonly loginThrottle: LoginThrottlePolicy;
}

/** Login throttling per account and per IP address (src/throttle/login-throttle.ts). */
export interface LoginThrottlePolicy {
  /** Failed sign-ins of one account before each further attempt must wait. */
  readonly accountFreeAttempts: number;
  /** The first wait; it doubles with each further failure... */
  readonly accountBaseDelaySeconds: number;
  /** ...up to this. */
  readonly accountMaxDelaySeconds: number;
  /** Failed sign-ins from one IP address, any accounts, per window. */
  readonly ipAttempts: number;
  readonly ipWindowSeconds: number;
}

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const DEV_COOKIE_KEY = 'development-only-cookie-key-change-me-in-production';
const MIN_COOKIE_KEY_LENGTH = 32;
const DEFAULT_PORT = 3000;
const DEFAULT_REFRESH_GRACE_SECONDS = 10;
// Long enough for parallel requests of one integration, short enough that a stolen token
// replayed later still trips reuse detection (RFC 9700 section 4.14.2).
const MAX_REFRESH_GRACE_SECONDS = 60;
const DEFAULT_SECRET_ROTATION_OVERLAP_SECONDS = 24 * 60 * 60;
export const MAX_SECRET_ROTATION_OVERLAP_SECONDS = 30 * 24 * 60 * 60;
const KEYS_ENCRYPTION_KEY_BYTES = 32;
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;
// Five guesses, then 1, 2, 4, 8, 15 minutes between guesses; a hundred failures per IP per
// quarter hour, room for an office behind one address (OWASP Authentication Cheat Sheet).
const DEFAULT_LOGIN_THROTTLE: LoginThrottlePolicy = {
  accountFreeAttempts: 5, accountBaseDelaySeconds: 60, accountMaxDelaySeconds: 15 * 60, ipAttempts: 100, ipWindowSeconds: 15 * 60,
};
const MAX_LOGIN_THROTTLE_SECONDS = 24 * 60 * 60;
const MAX_LOGIN_THROTTLE_ATTEMPTS = 1_000_000;

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const port = readPort(env, 'PORT', DEFAULT_PORT);
  const issuer = readUrl(env, 'ISSUER', `http://localhost:${port}`);
  const cookieKeys = readCookieKeys(env, production);
  if (production) requireProductionIssuer(env, issuer);
  return Object.freeze({
    production,
    port,
    host: env.HOST || (production ? '0.0.0.0' : '127.0.0.1'),
    issuer,
    apiResource: readUrl(env, 'API_RESOURCE', 'http://localhost:8080'),
    databaseUrl: readOptionalDatabaseUrl(env),
    dataDir: resolve(env.DATA_DIR || './data'),
    redisUrl: readOptionalRedisUrl(env),
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'connect-auth:',
    cookieKeys,
    trustProxy: readBoolean(env, 'TRUST_PROXY', false),
    seedDemo: readBoolean(env, 'SEED_DEMO', !production),
    refreshGraceSeconds: readInteger(env, 'REFRESH_GRACE_SECONDS', DEFAULT_REFRESH_GRACE_SECONDS, MAX_REFRESH_GRACE_SECONDS),
    secretRotationOverlapSeconds: readInteger(
      env, 'SECRET_ROTATION_OVERLAP_SECONDS', DEFAULT_SECRET_ROTATION_OVERLAP_SECONDS, MAX_SECRET_ROTATION_OVERLAP_SECONDS,
    ),
    keysEncryptionKey: readKeysEncryptionKey(env, production),
    loginThrottle: readLoginThrottle(env),
  });
}

function readPort(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(name, `must be a port number 0-65535, got "${raw}"`);
  }
  return port;
}

function readInteger(env: Env, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value > max) throw new ConfigError(name, `must be a whole number 0-${max}, got "${raw}"`);
  return value;
}

function readUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(name, `must be an http(s) URL, got "${raw}"`);
  }
  if (url.search || url.hash) {
    throw new ConfigError(name, 'must not have a query or fragment');
  }
  // An issuer is compared as a string by clients (RFC 8414 section 3.3): keep it as given, without a trailing slash.
  return raw.replace(/\/+$/, '');
}

// Cookies are Secure and tokens are bearer secrets: production must be served over https.
function requireProductionIssuer(env: Env, issuer: string): void {
  if (!env.ISSUER) throw new ConfigError('ISSUER', 'is required in production');
  if (!issuer.startsWith('https://')) throw new ConfigError('ISSUER', 'must be an https URL in production');
}

function readOptionalDatabaseUrl(env: Env): string | undefined {
  const raw = env.DATABASE_URL;
  if (!raw) return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError('DATABASE_URL', 'must start with postgres:// or postgresql://');
  }
  return raw;
}

function readOptionalRedisUrl(env: Env): string | undefined {
  const raw = env.REDIS_URL;
  if (!raw) return undefined;
  if (!/^rediss?:\/\//.test(raw)) {
    throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  }
  return raw;
}

function readCookieKeys(env: Env, production: boolean): string[] {
  const raw = env.COOKIE_KEYS;
  if (!raw) {
    if (production) throw new ConfigError('COOKIE_KEYS', 'is required in production (comma-separated random strings)');
    return [DEV_COOKIE_KEY];
  }
  const keys = raw.split(',').map((key) => key.trim()).filter(Boolean);
  if (keys.length === 0) throw new ConfigError('COOKIE_KEYS', 'has no keys');
  for (const key of keys) {
    if (key.length < MIN_COOKIE_KEY_LENGTH) {
      throw new ConfigError('COOKIE_KEYS', `each key needs at least ${MIN_COOKIE_KEY_LENGTH} characters`);
    }
    if (production && key === DEV_COOKIE_KEY) {
      throw new ConfigError('COOKIE_KEYS', 'uses the development default, refused in production');
    }
  }
  return keys;
}

// Signing keys are the server's identity: production never keeps them readable at rest.
function readKeysEncryptionKey(env: Env, production: boolean): Buffer | undefined {
  const raw = env.KEYS_ENCRYPTION_KEY;
  if (!raw) {
    if (production) throw new ConfigError('KEYS_ENCRYPTION_KEY', 'is required in production (32 random bytes, base64: openssl rand -base64 32)');
    return undefined;
  }
  const key = Buffer.from(raw, raw.includes('-') || raw.includes('_') ? 'base64url' : 'base64');
  if (!BASE64_KEY.test(raw) || key.length !== KEYS_ENCRYPTION_KEY_BYTES) {
    throw new ConfigError('KEYS_ENCRYPTION_KEY', `must be ${KEYS_ENCRYPTION_KEY_BYTES} bytes in base64 (openssl rand -base64 32)`);
  }
  return key;
}

function readLoginThrottle(env: Env): LoginThrottlePolicy {
  const read = (name: string, fallback: number, max = MAX_LOGIN_THROTTLE_SECONDS) => {
    const value = readInteger(env, name, fallback, max);
    if (value < 1) throw new ConfigError(name, 'must be at least 1');
    return value;
  };
  const policy = {
    accountFreeAttempts: read('LOGIN_ACCOUNT_FREE_ATTEMPTS', DEFAULT_LOGIN_THROTTLE.accountFreeAttempts, MAX_LOGIN_THROTTLE_ATTEMPTS),
    accountBaseDelaySeconds: read('LOGIN_ACCOUNT_DELAY_SECONDS', DEFAULT_LOGIN_THROTTLE.accountBaseDelaySeconds),
    accountMaxDelaySeconds: read('LOGIN_ACCOUNT_MAX_DELAY_SECONDS', DEFAULT_LOGIN_THROTTLE.accountMaxDelaySeconds),
    ipAttempts: read('LOGIN_IP_ATTEMPTS', DEFAULT_LOGIN_THROTTLE.ipAttempts, MAX_LOGIN_THROTTLE_ATTEMPTS),
    ipWindowSeconds: read('LOGIN_IP_WINDOW_SECONDS', DEFAULT_LOGIN_THROTTLE.ipWindowSeconds),
  };
  if (policy.accountMaxDelaySeconds < policy.accountBaseDelaySeconds) {
    throw new ConfigError('LOGIN_ACCOUNT_MAX_DELAY_SECONDS', 'must be at least LOGIN_ACCOUNT_DELAY_SECONDS');
  }
  return Object.freeze(policy);
}

function readBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}
