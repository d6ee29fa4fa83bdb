/**
 * Makes an existing Firebase account the admin, with the `admin` custom claim that firebase/firestore.rules
 * require beside a verified address (or takes it away):
 *   GOOGLE_APPLICATION_CREDENTIALS=service-account.json npx tsx scripts/firebase-set-admin.ts admin@example.com --project my-project
 *   ... --revoke             removes the claim and ends the account's sessions
 *   ... --create             first creates the account, with the password from $FIREBASE_ADMIN_PASSWORD
 *                            (never an argument: it would stay in the shell history); needs --verify
 *   ... --verify             marks the address verified (only if you know the person owns it)
 * The claim goes only to an account whose address is verified: anyone can sign up with any address, so an
 * unverified account with the admin's address may be someone else's. For one, the script refuses and shows
 * when the account was made and how it signs in, so you can tell whether you made it; --verify is the
 * explicit way to vouch for it.
 * With FIREBASE_AUTH_EMULATOR_HOST set, it works on the Auth emulator and needs no credentials.
 * The claim reaches the admin's browser at the next sign-in (or token refresh, within the hour).
 */
import { parseArgs } from 'node:util';
import { initializeApp } from 'firebase-admin/app';
import { getAuth, type UserRecord } from 'firebase-admin/auth';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    project: { type: 'string' },
    revoke: { type: 'boolean', default: false },
    create: { type: 'boolean', default: false },
    verify: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

const email = positionals[0]?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  fail('Usage: npx tsx scripts/firebase-set-admin.ts ADMIN_EMAIL [--project ID] [--revoke] [--create] [--verify]');
}
const projectId = values.project ?? process.env.GOOGLE_CLOUD_PROJECT ?? process.env.GCLOUD_PROJECT ?? process.env.VITE_FIREBASE_PROJECT_ID;
if (!projectId) fail('Which Firebase project? Pass --project ID (or set VITE_FIREBASE_PROJECT_ID).');
if (!process.env.FIREBASE_AUTH_EMULATOR_HOST && !process.env.GOOGLE_APPLICATION_CREDENTIALS) {
  console.warn("GOOGLE_APPLICATION_CREDENTIALS is not set: using the machine's default Google credentials, if any.");
}

const auth = getAuth(initializeApp({ projectId }));

let user: UserRecord;
try {
  user = await auth.getUserByEmail(email);
} catch (error) {
  if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  if (!values.create) fail(`No account has the address ${email}. Create it first (Firebase console → Authentication → Add user), or pass --create.`);
  if (!values.revoke && !values.verify) {
    fail(`A new account's address is not verified, and the admin claim goes only to verified ones. If you own ${email}, pass --verify with --create.`);
  }
  const password = process.env.FIREBASE_ADMIN_PASSWORD;
  if (!password || password.length < 12) fail('Set FIREBASE_ADMIN_PASSWORD (12 characters or more) to create the account.');
  user = await auth.createUser({ email, password });
  console.log(`Created the account ${email}.`);
}

const when = (time: string | undefined) => (time ? new Date(time).toISOString().replace('.000Z', 'Z') : 'never');
const account = `created ${when(user.metadata.creationTime)} (last sign-in: ${when(user.metadata.lastSignInTime)}); sign-in providers: ${
  user.providerData.map((p) => p.providerId).join(', ') || 'none'
}`;
if (!values.revoke && !values.verify && !user.emailVerified) {
  fail(
    [
      `${email} is not verified, so it does not get the admin claim.`,
      `  The account was ${account}.`,
      "  Anyone can sign up with any address, so an unverified account with the admin's address may be someone else's.",
      '  If you created it (the time above is yours) and you own the address, run this again with --verify: it marks',
      '  the address verified and sets the claim. If not, delete the account (Firebase console → Authentication →',
      '  Users), turn off sign-up (docs/firebase.md, step 1) and create the account yourself.',
    ].join('\n'),
  );
}
if (values.verify && !user.emailVerified) {
  await auth.updateUser(user.uid, { emailVerified: true });
  console.log(`Marked ${email} as verified (the account was ${account}).`);
}
const claims = { ...(user.customClaims ?? {}) };
if (values.revoke) delete claims.admin;
else claims.admin = true;
await auth.setCustomUserClaims(user.uid, claims);
if (values.revoke) await auth.revokeRefreshTokens(user.uid);
console.log(
  values.revoke
    ? `${email} is no longer the admin (its sessions were ended).`
    : `${email} is the admin (claim admin=true) in project ${projectId}. Sign in again for it to take effect.`,
);
