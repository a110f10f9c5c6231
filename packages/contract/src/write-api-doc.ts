import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderApiDoc } from './api-doc.js';

writeFileSync(path.resolve(import.meta.dirname, '../../../docs/api.md'), renderApiDoc());
