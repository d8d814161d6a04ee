import { writeFileSync } from 'node:fs';
import { CONFIGURATION_DOC_PATH, configurationDocFile } from './doc-file';

// Run from the repo root: node --import tsx apps/server/src/config/generate-docs.ts
writeFileSync(CONFIGURATION_DOC_PATH, await configurationDocFile());
console.log(`wrote ${CONFIGURATION_DOC_PATH}`);
