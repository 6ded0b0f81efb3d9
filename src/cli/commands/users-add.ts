// `users add`: creates a login. The password comes on stdin, never as an argument, so it does
// not end up in shell history or in the process list.
import { addUser } from '../../accounts/user-service.ts';
import { ValidationError } from '../../accounts/validation-error.ts';
import { flag, optionalString, requiredString, type Command } from '../command.ts';
import { UsageError } from '../usage-error.ts';

const TRAILING_NEWLINE = /\r?\n$/;

export const usersAdd: Command = {
  words: ['users', 'add'],
  synopsis: '--email E --password-stdin [--name N] [--locale en|de]',
  summary: 'create a user; the password is read from stdin (one trailing newline is dropped)',
  options: {
    email: { type: 'string' },
    'password-stdin': { type: 'boolean' },
    name: { type: 'string' },
    locale: { type: 'string' },
  },
  positionals: [],
  async prepare(args, input) {
    const email = requiredString(args, 'email');
    if (!flag(args, 'password-stdin')) {
      throw new UsageError('missing required option --password-stdin (pipe the password on stdin)');
    }
    const name = optionalString(args, 'name');
    const locale = optionalString(args, 'locale');
    const password = (await input.readStdin()).replace(TRAILING_NEWLINE, '');
    if (password === '') throw new ValidationError('invalid_password', 'no password on stdin');
    return async ({ db }) => {
      const { id } = await addUser(db, { email, password, name, locale });
      return { json: { id }, lines: [`created user ${id} (${email})`] };
    };
  },
};
