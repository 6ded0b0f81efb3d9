// Password hashing with Argon2id at OWASP's recommended minimum (m=19 MiB, t=2, p=1), stored
// as a PHC string so the parameters travel with each hash and can be raised later without
// breaking existing ones. https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html
// Node's built-in crypto.argon2 (v24.7+) does the work off the main thread:
// https://nodejs.org/api/crypto.html#cryptoargon2algorithm-parameters-callback
import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';

const ALGORITHM = 'argon2id';
const VERSION = 19; // Argon2 v1.3, the only version Node implements
const MEMORY_KIB = 19456;
const PASSES = 2;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const TAG_BYTES = 32;

// A stored hash is trusted data, but a corrupt or foreign row must not make one login cost
// gigabytes or minutes: parameters beyond these are refused.
const MAX_MEMORY_KIB = 1024 * 1024;
const MAX_PASSES = 16;
const MAX_PARALLELISM = 16;
const MIN_SALT_BYTES = 8;
const MIN_TAG_BYTES = 16;
const MAX_TAG_BYTES = 64;

interface Argon2Hash {
  readonly memory: number;
  readonly passes: number;
  readonly parallelism: number;
  readonly salt: Buffer;
  readonly tag: Buffer;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const params = { memory: MEMORY_KIB, passes: PASSES, parallelism: PARALLELISM, salt };
  const tag = await deriveTag(password, params, TAG_BYTES);
  return formatPhc({ ...params, tag });
}

/** Throws when `stored` is not an Argon2id PHC string this module can verify. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const expected = parsePhc(stored);
  const actual = await deriveTag(password, expected, expected.tag.length);
  return timingSafeEqual(actual, expected.tag);
}

// Same parameters as a real hash, random salt and tag: verifying against it costs what a real
// verification costs, so a login for an unknown email takes as long as one with a wrong password.
const DUMMY_HASH = formatPhc({
  memory: MEMORY_KIB,
  passes: PASSES,
  parallelism: PARALLELISM,
  salt: randomBytes(SALT_BYTES),
  tag: randomBytes(TAG_BYTES),
});

export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH);
  return false;
}

function deriveTag(password: string, hash: Omit<Argon2Hash, 'tag'>, tagLength: number): Promise<Buffer> {
  const parameters = {
    message: password,
    nonce: hash.salt,
    parallelism: hash.parallelism,
    tagLength,
    memory: hash.memory,
    passes: hash.passes,
  };
  return new Promise((resolve, reject) => {
    argon2(ALGORITHM, parameters, (error, tag) => (error ? reject(error) : resolve(tag)));
  });
}

// PHC string format: https://github.com/P-H-C/phc-string-format/blob/master/phc-sf-spec.md
// (standard base64 without padding).
function formatPhc(hash: Argon2Hash): string {
  const params = `m=${hash.memory},t=${hash.passes},p=${hash.parallelism}`;
  return `$${ALGORITHM}$v=${VERSION}$${params}$${toB64(hash.salt)}$${toB64(hash.tag)}`;
}

const PHC_PATTERN = /^\$argon2id\$v=19\$m=(\d{1,10}),t=(\d{1,10}),p=(\d{1,10})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function parsePhc(stored: string): Argon2Hash {
  const match = PHC_PATTERN.exec(stored);
  if (!match) throw new Error('password hash: not an argon2id v=19 PHC string');
  const [memory = '', passes = '', parallelism = '', salt = '', tag = ''] = match.slice(1);
  const hash = {
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    salt: Buffer.from(salt, 'base64'),
    tag: Buffer.from(tag, 'base64'),
  };
  if (!withinLimits(hash)) throw new Error('password hash: parameters out of the supported range');
  return hash;
}

function withinLimits(hash: Argon2Hash): boolean {
  return (
    hash.parallelism >= 1 && hash.parallelism <= MAX_PARALLELISM &&
    hash.passes >= 1 && hash.passes <= MAX_PASSES &&
    hash.memory >= 8 * hash.parallelism && hash.memory <= MAX_MEMORY_KIB &&
    hash.salt.length >= MIN_SALT_BYTES &&
    hash.tag.length >= MIN_TAG_BYTES && hash.tag.length <= MAX_TAG_BYTES
  );
}

function toB64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}
