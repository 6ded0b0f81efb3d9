// `keys rotate`: adds a new ES256 signing key. Running servers keep the keys they started with
// (oidc-provider reads them once), so every node is restarted afterwards. With several nodes,
// --activate-after publishes the key first and signs with it later (oidc-provider's
// recommended order): restart all nodes, wait until the key activates, restart them again.
// The keys it replaces stay published until every ID token they signed has expired.
import { rotateSigningKey } from '../../oidc/signing-keys.ts';
import { optionalString, type Command, type ParsedArguments } from '../command.ts';
import { UsageError } from '../usage-error.ts';
import { describeKey } from './keys-list.ts';

const WHOLE_NUMBER = /^(0|[1-9][0-9]*)$/;
const MAX_ACTIVATE_AFTER_SECONDS = 7 * 24 * 60 * 60;

export const keysRotate: Command = {
  words: ['keys', 'rotate'],
  synopsis: '[--activate-after SECONDS]',
  summary: 'add a new signing key (signing at once, or after SECONDS); restart the servers afterwards',
  options: { 'activate-after': { type: 'string' } },
  positionals: [],
  async prepare(args) {
    const activateAfter = readActivateAfter(args);
    return async ({ pool, config }) => {
      const keys = await rotateSigningKey(pool, config.keysEncryptionKey, activateAfter);
      const restart = activateAfter === 0
        ? 'Restart every server now: each signs with the new key once restarted.'
        : 'Restart every server now (they publish the new key), and again once it is active (they sign with it).';
      return { json: keys, lines: [...keys.map(describeKey), restart] };
    };
  },
};

function readActivateAfter(args: ParsedArguments): number {
  const text = optionalString(args, 'activate-after');
  if (text === undefined) return 0;
  const seconds = Number(text);
  if (!WHOLE_NUMBER.test(text) || seconds > MAX_ACTIVATE_AFTER_SECONDS) {
    throw new UsageError(`--activate-after must be whole seconds from 0 to ${MAX_ACTIVATE_AFTER_SECONDS}, got: ${text}`);
  }
  return seconds;
}
