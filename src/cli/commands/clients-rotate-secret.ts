// `clients rotate-secret`: a new secret for a confidential integration or a resource server,
// printed once; the old one keeps working for the overlap (--overlap, else
// SECRET_ROTATION_OVERLAP_SECONDS), time to redeploy the client with the new one.
import { MAX_SECRET_ROTATION_OVERLAP_SECONDS } from '../../config.ts';
import { rotateClientSecret } from '../../clients/secret-rotation.ts';
import { optionalString, type Command, type ParsedArguments } from '../command.ts';
import { UsageError } from '../usage-error.ts';

const WHOLE_NUMBER = /^(0|[1-9][0-9]*)$/;

export const clientsRotateSecret: Command = {
  words: ['clients', 'rotate-secret'],
  synopsis: 'CLIENT_ID [--overlap SECONDS]',
  summary: 'issue a new client secret (shown once); the old one stays valid for the overlap (default a day)',
  options: { overlap: { type: 'string' } },
  positionals: ['CLIENT_ID'],
  async prepare(args) {
    const clientId = args.positionals[0] ?? '';
    const overlap = readOverlap(args);
    return async ({ pool, feed, config }) => {
      const rotated = await rotateClientSecret(pool, feed, clientId, overlap ?? config.secretRotationOverlapSeconds);
      return {
        json: rotated,
        lines: [
          `new secret for ${clientId}`,
          `client_secret: ${rotated.client_secret}`,
          'The client secret is shown only this once: store it now.',
          `The previous secret works until ${rotated.previous_secret_expires_at}.`,
        ],
      };
    };
  },
};

function readOverlap(args: ParsedArguments): number | undefined {
  const text = optionalString(args, 'overlap');
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (!WHOLE_NUMBER.test(text) || seconds > MAX_SECRET_ROTATION_OVERLAP_SECONDS) {
    throw new UsageError(`--overlap must be whole seconds from 0 to ${MAX_SECRET_ROTATION_OVERLAP_SECONDS}, got: ${text}`);
  }
  return seconds;
}
