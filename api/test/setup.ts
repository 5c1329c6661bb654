import { setPasswordHashing } from '../src/accounts/passwords.ts';
import { TEST_PASSWORD_HASHING } from './helpers.ts';

setPasswordHashing(TEST_PASSWORD_HASHING);
