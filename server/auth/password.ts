/**
 * Password storage and policy (docs/decisions/0014-password-policy.md).
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane), as ASVS 5.0 V11.4 asks;
 * 8 to 128 characters, any characters, no composition rules, refused when on the common-passwords list.
 */
import { readFileSync } from 'node:fs';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../src/content/constants';

/** Algorithm.Argon2id (a const enum, which isolatedModules cannot read). */
const ARGON2ID = 2 as Algorithm.Argon2id;
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export { PASSWORD_MAX, PASSWORD_MIN };

let common: Set<string> | undefined;
/** The shipped list of the 10,000 most common passwords (lower-cased). */
export function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

/**
 * Why a password is refused, or undefined when it is acceptable. `subject` names the field in the
 * message ("The new password must be …").
 */
export function passwordProblem(password: string, email?: string, subject = 'The password'): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `${subject} must be at least ${PASSWORD_MIN} characters long.`;
  if (length > PASSWORD_MAX) return `${subject} must be at most ${PASSWORD_MAX} characters long.`;
  const lower = password.toLowerCase();
  if (commonPasswords().has(lower)) return `${subject} is on the list of the most common passwords: choose another.`;
  if (email && lower === email.toLowerCase()) return `${subject} must not be the e-mail address.`;
  return undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyDummy(password: string): Promise<void> {
  dummy ??= hashPassword('scena-dummy-password-for-timing');
  await verifyPassword(await dummy, password);
}
