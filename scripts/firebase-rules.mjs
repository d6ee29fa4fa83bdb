// The admin's address lives in firebase/firestore.rules (rules cannot read build settings).
//   node scripts/firebase-rules.mjs            writes VITE_ADMIN_EMAIL (or adminEmailFallback in site.config.ts) into the rules
//   node scripts/firebase-rules.mjs --check    fails when the rules name another address (run it before a deploy)
// rulesForAdmin(email) gives the rules text for another address, for the emulators and tests.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const RULES_FILE = fileURLToPath(new URL('../firebase/firestore.rules', import.meta.url));
const LINE = /function adminEmail\(\) \{ return '([^']*)'; \} \/\/ scena:admin-email/;

function checkedEmail(email) {
  const lower = String(email).trim().toLowerCase();
  if (!/^[^\s@'"\\]+@[^\s@'"\\]+\.[^\s@'"\\]+$/.test(lower)) throw new Error(`Not an e-mail address: "${email}"`);
  return lower;
}

export function rulesForAdmin(email, text = readFileSync(RULES_FILE, 'utf8')) {
  if (!LINE.test(text)) throw new Error(`${RULES_FILE} has lost its "scena:admin-email" line.`);
  const lower = checkedEmail(email);
  return text.replace(LINE, () => `function adminEmail() { return '${lower}'; } // scena:admin-email`);
}

export function rulesAdminEmail(text = readFileSync(RULES_FILE, 'utf8')) {
  return LINE.exec(text)?.[1];
}

/** VITE_ADMIN_EMAIL from the environment or .env files, else adminEmailFallback in site.config.ts. */
export function configuredAdminEmail() {
  if (process.env.VITE_ADMIN_EMAIL) return process.env.VITE_ADMIN_EMAIL;
  for (const file of ['.env.production.local', '.env.local', '.env.production', '.env']) {
    try {
      const found = /^\s*VITE_ADMIN_EMAIL\s*=\s*["']?([^"'\s#]+)/m.exec(readFileSync(file, 'utf8'));
      if (found) return found[1];
    } catch {
      /* no such file */
    }
  }
  const config = readFileSync(new URL('../site.config.ts', import.meta.url), 'utf8');
  const fallback = /adminEmailFallback\s*=\s*'([^']+)'/.exec(config);
  if (!fallback) throw new Error('site.config.ts has no adminEmailFallback.');
  return fallback[1];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const email = checkedEmail(configuredAdminEmail());
  const current = rulesAdminEmail();
  if (process.argv.includes('--check')) {
    if (current !== email) {
      console.error(`✖ firebase/firestore.rules names ${current}, but the admin e-mail is ${email}. Run: node scripts/firebase-rules.mjs`);
      process.exit(1);
    }
    console.log(`✓ firebase/firestore.rules names the admin ${email}`);
  } else {
    writeFileSync(RULES_FILE, rulesForAdmin(email));
    console.log(`firebase/firestore.rules: admin e-mail ${current} → ${email}`);
  }
}
