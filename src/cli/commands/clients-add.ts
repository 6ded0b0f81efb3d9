// `clients add`: registers an integration. A confidential client's secret is printed once and
// cannot be shown again (only its digest is stored). --require-par makes the integration push
// its authorization requests first (RFC 9126), so their parameters never travel in the URL.
import { registerIntegration } from '../../clients/client-registry.ts';
import { fetchLogo } from '../../clients/client-logo.ts';
import { flag, optionalString, requiredString, stringList, type Command } from '../command.ts';
import { UsageError } from '../usage-error.ts';
import { describeSecret } from './describe-secret.ts';

export const clientsAdd: Command = {
  words: ['clients', 'add'],
  synopsis: '--name N --redirect-uri U [--redirect-uri U2 ...] [--confidential] [--require-par] [--homepage-uri U] [--logo-uri U]',
  summary: 'register an integration (public with PKCE, or --confidential with a secret)',
  options: {
    name: { type: 'string' },
    'redirect-uri': { type: 'string', multiple: true },
    confidential: { type: 'boolean' },
    'require-par': { type: 'boolean' },
    'homepage-uri': { type: 'string' },
    'logo-uri': { type: 'string' },
  },
  positionals: [],
  async prepare(args) {
    const name = requiredString(args, 'name');
    const redirectUris = stringList(args, 'redirect-uri');
    if (redirectUris.length === 0) throw new UsageError('missing required option --redirect-uri');
    const confidential = flag(args, 'confidential');
    const requirePar = flag(args, 'require-par');
    const homepageUri = optionalString(args, 'homepage-uri');
    const logoUri = optionalString(args, 'logo-uri');
    return async ({ db, feed }) => {
      // Fetched before anything is written: a bad logo leaves no half-registered client.
      const logo = logoUri === undefined ? undefined : await fetchLogo(logoUri);
      const client = await registerIntegration(db, feed, { name, redirectUris, confidential, requirePar, homepageUri, logo });
      const kind = `${confidential ? 'confidential' : 'public (PKCE, no secret)'}${requirePar ? ', PAR required' : ''}`;
      return { json: client, lines: [`registered ${kind} integration "${name}"`, ...describeSecret(client)] };
    };
  },
};
