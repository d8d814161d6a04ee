// Worker entry: registers tsx in this thread, then runs the TypeScript soak sender.
import { register } from 'tsx/esm/api';

register();
await import('./soak-load.ts');
