import { describeExposedModules } from '@reelmint/testing';
import { exposes } from '../exposes.ts';

// Each file is named from the remote's root ('./src/...'); this test sits in src/.
describeExposedModules(exposes, (file) => import(/* @vite-ignore */ `../${file.slice(2)}`));
