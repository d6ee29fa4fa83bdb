// The Firebase Auth emulator alone, from the firebase-tools npm package, without its CLI:
//   node scripts/firebase-auth-emulator.mjs --port 9099 [--host 127.0.0.1] [--project demo-scena]
// `firebase emulators:start` also starts a hub and a logging emulator, writes a locator file in /tmp
// and waits on network look-ups that fail offline; the emulator itself is one Express app.
// Started and stopped (by PID) by scripts/firebase-emulators.mjs.
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '9099' }, host: { type: 'string', default: '127.0.0.1' }, project: { type: 'string', default: 'demo-scena' } },
});
process.env.CI ??= 'true';
const require = createRequire(import.meta.url);
let AuthEmulator, SingleProjectMode;
try {
  ({ AuthEmulator, SingleProjectMode } = require('firebase-tools/lib/emulator/auth/index.js'));
} catch (error) {
  console.error(`✖ Cannot load the Auth emulator from firebase-tools (run npm ci): ${error.message}`);
  process.exit(1);
}
const emulator = new AuthEmulator({
  host: values.host,
  port: Number(values.port),
  projectId: values.project,
  singleProjectMode: SingleProjectMode.NO_WARNING,
});
await emulator.start();
console.log(`Auth emulator on http://${values.host}:${values.port} (project ${values.project})`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void emulator.stop().finally(() => process.exit(0));
  });
}
