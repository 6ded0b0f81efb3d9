// `portfolios add`: gives a user a portfolio, for the consent page to list.
import { addPortfolio } from '../../portfolios/portfolio-service.ts';
import { optionalString, requiredString, type Command } from '../command.ts';

export const portfoliosAdd: Command = {
  words: ['portfolios', 'add'],
  synopsis: '--user E --name N [--currency EUR] [--calculation-method fifo|lifo|moving_average]',
  summary: "create a portfolio for the user with email E (currency: one of the spec's 47 codes)",
  options: {
    user: { type: 'string' },
    name: { type: 'string' },
    currency: { type: 'string' },
    'calculation-method': { type: 'string' },
  },
  positionals: [],
  async prepare(args) {
    const input = {
      userEmail: requiredString(args, 'user'),
      name: requiredString(args, 'name'),
      currency: optionalString(args, 'currency'),
      calculationMethod: optionalString(args, 'calculation-method'),
    };
    return async ({ db }) => {
      const { id } = await addPortfolio(db, input);
      return { json: { id }, lines: [`created portfolio ${id} for ${input.userEmail}`] };
    };
  },
};
