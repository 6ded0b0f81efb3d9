// Every operator command, in the order the usage text lists them.
import type { Command } from '../command.ts';
import { auditCommand } from './audit.ts';
import { clientsAdd } from './clients-add.ts';
import { clientsList } from './clients-list.ts';
import { clientsRemove } from './clients-remove.ts';
import { clientsRotateSecret } from './clients-rotate-secret.ts';
import { keysList } from './keys-list.ts';
import { keysRotate } from './keys-rotate.ts';
import { migrateCommand } from './migrate.ts';
import { portfoliosAdd } from './portfolios-add.ts';
import { purgeCommand } from './purge.ts';
import { resourceServersAdd } from './resource-servers-add.ts';
import { usersAdd } from './users-add.ts';

export const COMMANDS: readonly Command[] = [
  usersAdd,
  portfoliosAdd,
  clientsAdd,
  clientsList,
  clientsRemove,
  clientsRotateSecret,
  resourceServersAdd,
  keysRotate,
  keysList,
  purgeCommand,
  auditCommand,
  migrateCommand,
];
