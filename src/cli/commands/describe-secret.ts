// The human output of a registration: the credentials, and the warning that the secret is
// shown only now (it is not retrievable later).
import type { RegisteredClient } from '../../clients/client-registry.ts';

export function describeSecret(client: RegisteredClient): string[] {
  const lines = [`client_id:     ${client.client_id}`];
  if (client.client_secret) {
    lines.push(`client_secret: ${client.client_secret}`, 'The client secret is shown only this once: store it now.');
  }
  return lines;
}
