import { mountDevHarness } from '@reelmint/shared/dev-harness';
import '@reelmint/shared/styles.css';
import GeneratorPage from '../generator/generator-page.tsx';

// Standalone harness: the generator without the shell, for the generator team's own dev loop.
void mountDevHarness(document.getElementById('root')!, <GeneratorPage />);
