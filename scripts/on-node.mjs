// Runs a command of node_modules/.bin on another Node major, its official build installed into a cache folder when
// missing (ensure.mjs ensureNode; docs/decisions/0037-node-versions-and-ci-time.md):
//   node scripts/on-node.mjs 24 vitest run --project unit      (npm run test:node24)
import { join } from 'node:path';
import { ensureNode, run } from './ensure.mjs';

process.chdir(new URL('..', import.meta.url).pathname);
const [major, command, ...args] = process.argv.slice(2);
if (!/^\d+$/.test(major ?? '') || !command) {
  console.error('Usage: node scripts/on-node.mjs MAJOR COMMAND [ARGS...]   (COMMAND from node_modules/.bin, e.g. vitest)');
  process.exit(2);
}
const { bin, version } = ensureNode(Number(major));
console.log(`On Node ${version}: ${command} ${args.join(' ')}`);
// The command's own child processes (tsx, npx, the test servers) find this node first.
process.exit(run(join(bin, 'node'), [join('node_modules', '.bin', command), ...args], { env: { ...process.env, PATH: `${bin}:${process.env.PATH}` } }));
