import { TEST_PASSWORD_HASHING, setPasswordHashing } from '../src/accounts/passwords.ts';

// Every file hashes at the low test cost, the same the e2e suite's API runs at; accounts.test.ts signs up and in once at
// the production cost.

setPasswordHashing(TEST_PASSWORD_HASHING);
