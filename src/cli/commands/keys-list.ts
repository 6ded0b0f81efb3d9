// `keys list`: the token signing keys and what each does now. Private parts are never shown.
import { listSigningKeys, type SigningKeyInfo } from '../../oidc/signing-keys.ts';
import type { Command } from '../command.ts';

export const keysList: Command = {
  words: ['keys', 'list'],
  synopsis: '',
  summary: 'list the signing keys: which one signs, which are published only, when each retires',
  options: {},
  positionals: [],
  async prepare() {
    return async ({ db }) => {
      const keys = await listSigningKeys(db);
      return { json: keys, lines: keys.length === 0 ? ['no signing keys yet: the server creates one on its first start'] : keys.map(describeKey) };
    };
  },
};

const STATES: Record<SigningKeyInfo['state'], (key: SigningKeyInfo) => string> = {
  signing: () => 'signs new tokens',
  verifying: (key) => `published for verification, removed after ${key.retires_at}`,
  next: (key) => `published, signs from ${key.activates_at} (after a restart)`,
  retired: (key) => `retired at ${key.retires_at}, deleted at the next start or rotation`,
};

export function describeKey(key: SigningKeyInfo): string {
  return `${key.kid}  ${key.alg}  ${key.state.padEnd(9)}  ${STATES[key.state](key)}`;
}
