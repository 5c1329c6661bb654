// The commands that work on the API's database: watch (the release figures visitors reported) and the
// release-manager role. Their work is TypeScript beside the dashboard's (../dashboard/terminal.ts).
import { fail } from './common.mjs';

async function terminal(context) {
  await context.loadTypeScript();
  return import('../dashboard/terminal.ts');
}

function requireEmail(action, email) {
  if (!email || !email.includes('@'))
    fail(`${action}-release-manager needs the email of an account: npm run release -- ${action}-release-manager someone@example.com`);
  return email;
}

/** @type {Record<string, (context: import('./common.mjs').CommandContext, positionals: string[], options: Record<string, unknown>) => Promise<void>>} */
export const databaseCommands = {
  async watch(context, _positionals, options) {
    const minutes = Number(options.minutes ?? '60');
    const every = Number(options.every ?? '5');
    if (!Number.isInteger(minutes) || minutes <= 0 || !(every > 0)) fail('--minutes must be a whole number above 0 and --every a number of seconds above 0');
    const { watchFigures } = await terminal(context);
    await watchFigures(context.config, { once: options.once, minutes, every }, context.say);
  },
  async 'grant-release-manager'(context, [email]) {
    const { changeReleaseManager } = await terminal(context);
    await changeReleaseManager(context.config, 'grant', requireEmail('grant', email), context.actor(), context.say);
  },
  async 'revoke-release-manager'(context, [email]) {
    const { changeReleaseManager } = await terminal(context);
    await changeReleaseManager(context.config, 'revoke', requireEmail('revoke', email), context.actor(), context.say);
  },
};
