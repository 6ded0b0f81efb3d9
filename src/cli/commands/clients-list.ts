// `clients list`: every registered client, oldest first. Secrets are never listed.
import { listClients, type ClientSummary } from '../../clients/client-registry.ts';
import type { Command } from '../command.ts';

export const clientsList: Command = {
  words: ['clients', 'list'],
  synopsis: '',
  summary: 'list integrations and resource servers (without secrets)',
  options: {},
  positionals: [],
  async prepare() {
    return async ({ db }) => {
      const clients = await listClients(db);
      const lines = clients.length === 0 ? ['no clients registered'] : clients.map(describeClient);
      return { json: clients.map(toJson), lines };
    };
  },
};

function toJson(client: ClientSummary): object {
  return {
    client_id: client.clientId,
    kind: client.kind,
    name: client.name,
    redirect_uris: client.redirectUris,
    confidential: client.confidential,
    require_par: client.requirePar,
  };
}

function describeClient(client: ClientSummary): string {
  const type = client.kind === 'resource_server' ? 'resource server' : client.confidential ? 'confidential' : 'public';
  const uris = client.redirectUris.length > 0 ? `  ${client.redirectUris.join(' ')}` : '';
  const par = client.requirePar ? '  (PAR required)' : '';
  return `${client.clientId}  ${type}  "${client.name}"${uris}${par}`;
}
