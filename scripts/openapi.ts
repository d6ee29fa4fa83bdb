/**
 * `npm run openapi`: writes docs/openapi.json, the API's description, from the server's own routes and schemas
 * (server/openapi.ts). server/openapi.test.ts fails while the checked-in file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { describeApi, serialize } from '../server/openapi';

const { document, routes } = await describeApi();
const file = new URL('../docs/openapi.json', import.meta.url);
writeFileSync(file, await serialize(document));
console.log(`docs/openapi.json: ${Object.keys(document.paths as object).length} paths, ${routes.length} routes.`);
