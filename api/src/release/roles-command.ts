// `npm run release -- grant-release-manager <email>` (and `revoke-release-manager`) end here: the
// role lives in the API's database (DATABASE_URL, or the SQLite file in DATA_DIR), so this opens
// the same database the API uses, with the same environment.
import { openConfiguredDatabase, readEnv } from '../config.ts';
import { RELEASE_MANAGER } from '@reelmint/shared/account-api';
import { grantRole, revokeRole } from './roles.ts';

const [command, email, by = 'unknown'] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email) {
  console.error('Usage: roles-command.ts grant|revoke <email> [granted by]');
  process.exit(1);
}
const database = await openConfiguredDatabase(readEnv());
try {
  if (command === 'grant') {
    const outcome = await grantRole(database.db, email, RELEASE_MANAGER, by, new Date());
    if (outcome === 'no-account') {
      console.error(`No account uses ${email}: the person signs up first, then gets the role.`);
      process.exitCode = 1;
    } else {
      console.log(
        outcome === 'granted' ? `${email} is now a release manager (${database.dialect}).` : `${email} was already a release manager; nothing changed.`,
      );
    }
  } else {
    const removed = await revokeRole(database.db, email, RELEASE_MANAGER);
    console.log(removed ? `${email} is no longer a release manager.` : `${email} was not a release manager; nothing changed.`);
  }
} finally {
  await database.close();
}
