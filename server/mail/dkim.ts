/**
 * The DKIM key every mail Scena sends is signed with, once it exists (docs/decisions/0035-fans-by-email.md, Letters).
 * `npm run admin -- dkim <selector>` makes it: an RSA 2048 key in `dkim.key` (0600) beside the database, its selector
 * and domain in `dkim.json`, and prints the DNS TXT record the domain needs. The transport (./transport.ts) signs with
 * it while MAIL_FROM's domain is the key's; the doctor says whether a key exists and matches.
 */
import { generateKeyPairSync } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { localPath } from '../db/client';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** The header fields a signature covers: From, Subject and the List-Unsubscribe pair among them (RFC 8058 asks for them). */
export const DKIM_HEADERS = 'From:Subject:Date:Message-ID:To:Reply-To:MIME-Version:Content-Type:List-Unsubscribe:List-Unsubscribe-Post';

export interface DkimKey {
  selector: string;
  domain: string;
  privateKey: string;
}

/** The folder the key lives in: the database's own (backups take it too), or data/ for a remote database. */
export function dkimDir(databaseUrl: string): string {
  const file = localPath(databaseUrl);
  return file && file !== ':memory:' ? dirname(resolve(file)) : resolve(ROOT, 'data');
}

const files = (dir: string) => ({ key: join(dir, 'dkim.key'), meta: join(dir, 'dkim.json') });

/** The key in `dir`, or undefined when none was made (or its files cannot be read). */
export function readDkim(dir: string): DkimKey | undefined {
  const f = files(dir);
  if (!existsSync(f.key) || !existsSync(f.meta)) return undefined;
  try {
    const meta = JSON.parse(readFileSync(f.meta, 'utf8')) as { selector?: unknown; domain?: unknown };
    if (typeof meta.selector !== 'string' || typeof meta.domain !== 'string') return undefined;
    return { selector: meta.selector, domain: meta.domain, privateKey: readFileSync(f.key, 'utf8') };
  } catch {
    return undefined;
  }
}

/** A selector DNS accepts as a label: letters, digits and hyphens, 1 to 63, not starting or ending with a hyphen. */
export const SELECTOR = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

export const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/** The TXT record's name and value for a key. */
export function dnsRecord(selector: string, domain: string, publicKeyDer: Buffer): { name: string; value: string } {
  return { name: `${selector}._domainkey.${domain}`, value: `v=DKIM1; k=rsa; p=${publicKeyDer.toString('base64')}` };
}

/** Makes a new key (replacing any older one) for `domain`; answers the DNS record to publish. */
export function makeDkim(dir: string, selector: string, domain: string): { name: string; value: string } {
  if (!SELECTOR.test(selector)) throw new Error(`The selector "${selector}" must be letters, digits and hyphens (e.g. scena1).`);
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const f = files(dir);
  // Written whole under another name, then renamed: a mail never meets half a key.
  writeFileSync(`${f.key}.tmp`, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  chmodSync(`${f.key}.tmp`, 0o600);
  renameSync(`${f.key}.tmp`, f.key);
  writeFileSync(f.meta, `${JSON.stringify({ selector, domain, createdAt: new Date().toISOString() }, null, 2)}\n`, { mode: 0o600 });
  return dnsRecord(selector, domain, publicKey.export({ type: 'spki', format: 'der' }));
}

/** The nodemailer `dkim` option for mail from `fromAddress`, or undefined (no key, or a key for another domain). */
export function dkimOption(dir: string, fromAddress: string) {
  const key = readDkim(dir);
  if (!key || key.domain !== domainOf(fromAddress)) return undefined;
  return { domainName: key.domain, keySelector: key.selector, privateKey: key.privateKey, headerFieldNames: DKIM_HEADERS };
}
