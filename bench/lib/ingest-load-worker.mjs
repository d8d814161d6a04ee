// Worker entry: registers tsx in this thread, then runs the TypeScript load generator.
import { register } from 'tsx/esm/api';

register();
await import('./ingest-load.ts');
