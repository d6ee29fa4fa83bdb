/**
 * What runs Scena on a server (docs/decisions/0030-service-and-proxy.md): a hardened systemd unit for a dedicated
 * user, and a Caddyfile for HTTPS on the artist's domain (Debian's caddy: certificates obtained and renewed by itself).
 */
import { dirname, resolve } from 'node:path';
import type { Config } from '../config';
import { isInside } from './backup-config';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export interface UnitOptions {
  /** Where Scena is (its package.json): the unit's working directory. */
  appDir: string;
  /** The folders the service writes: the database's, the media, the backups. */
  writable: string[];
  node: string;
  user: string;
  environmentFile: string;
}

export function unitOptions(config: Config, env: NodeJS.ProcessEnv = process.env): UnitOptions {
  const dbFolder = config.databaseUrl.startsWith('file:') ? dirname(config.databaseUrl.replace(/^file:(\/\/)?/, '')) : undefined;
  const folders = [dbFolder, config.mediaDir, config.backup.dir].filter((f): f is string => f !== undefined).map((f) => resolve(f));
  // A folder inside another listed one is writable already.
  const writable = [...new Set(folders)].filter((f, _i, all) => !all.some((other) => other !== f && isInside(f, other)));
  return {
    appDir: ROOT,
    writable,
    node: process.execPath,
    user: env.SCENA_USER?.trim() || 'scena',
    environmentFile: env.SCENA_ENV_FILE?.trim() || '/etc/scena/scena.env',
  };
}

/** A systemd service for Scena: restarted on failure, as a dedicated user, with systemd's hardening. */
export function systemdUnit(o: UnitOptions): string {
  return `# Scena: npm run admin -- systemd-unit > /etc/systemd/system/scena.service (docs/operating.md)
[Unit]
Description=Scena (the artist's site and admin)
Documentation=file://${o.appDir}/docs/operating.md
After=network-online.target
Wants=network-online.target
StartLimitIntervalSec=300
StartLimitBurst=10

[Service]
Type=simple
User=${o.user}
Group=${o.user}
WorkingDirectory=${o.appDir}
EnvironmentFile=${o.environmentFile}
Environment=NODE_ENV=production SCENA_SEED=1
ExecStart=${o.node} --import tsx server/index.ts
Restart=on-failure
RestartSec=5
TimeoutStopSec=20
UMask=0077

# Writes only to its data, media and backup folders; everything else is read-only or hidden.
ProtectSystem=strict
ReadWritePaths=${o.writable.join(' ')}
ProtectHome=yes
PrivateTmp=yes
PrivateDevices=yes
PrivateUsers=yes
NoNewPrivileges=yes
CapabilityBoundingSet=
AmbientCapabilities=
RestrictSUIDSGID=yes
ProtectKernelTunables=yes
ProtectKernelModules=yes
ProtectKernelLogs=yes
ProtectControlGroups=yes
ProtectClock=yes
ProtectHostname=yes
ProtectProc=invisible
ProcSubset=pid
RestrictNamespaces=yes
RestrictRealtime=yes
LockPersonality=yes
RemoveIPC=yes
KeyringMode=private
DevicePolicy=closed
# The network: IPv4, IPv6 (visitors, SMTP, restic's sftp or S3) and local sockets only.
RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX
SystemCallArchitectures=native
SystemCallFilter=@system-service
SystemCallFilter=~@privileged @resources
SystemCallErrorNumber=EPERM
# Node's JIT writes code at run time: MemoryDenyWriteExecute would stop it.
MemoryDenyWriteExecute=no

[Install]
WantedBy=multi-user.target
`;
}

/** Why `domain` cannot be a site address, or undefined. */
export function domainProblem(domain: string): string | undefined {
  if (/\s/.test(domain)) return `"${domain}" has a space: give the domain alone, e.g. tudorvale.ro`;
  if (/:\/\/|^[a-z]+:/i.test(domain)) return `"${domain}" has a scheme: give the domain without https://, e.g. tudorvale.ro`;
  if (/[/?#@]/.test(domain)) return `"${domain}" is more than a domain (a path, a query or a user): give the domain alone, e.g. tudorvale.ro`;
  const host = domain.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('www.')) return `"${domain}" starts with www.: give the domain without it (www. is added and sent to it)`;
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host)) return `"${domain}" is not a domain name, e.g. tudorvale.ro`;
  return undefined;
}

export interface CaddyOptions {
  domain: string;
  /** Where Scena listens (HOST:PORT). */
  upstream: string;
  /** The access log, without client addresses; undefined: no access log. */
  accessLog?: string;
  /** Tests: ports, Caddy's internal CA, its storage; never in a real Caddyfile. */
  test?: { httpPort: number; httpsPort: number; storage: string; bind: string };
}

/**
 * A Caddyfile: certificates for the domain and www. (Let's Encrypt or ZeroSSL, renewed by Caddy), www. sent to the
 * domain, plain HTTP sent to HTTPS (Caddy's automatic HTTPS), the X-Forwarded-For/-Proto/-Host Scena trusts (Caddy
 * replaces any the client sent), and an access log without addresses.
 */
export function caddyfile(o: CaddyOptions): string {
  const problem = domainProblem(o.domain);
  if (problem) throw new Error(problem);
  const domain = o.domain.toLowerCase().replace(/\.$/, '');
  const t = o.test;
  const global = t
    ? `{
	admin off
	http_port ${t.httpPort}
	https_port ${t.httpsPort}
	storage file_system ${t.storage}
	skip_install_trust
	local_certs
	default_bind ${t.bind}
}`
    : `{
	# No admin API: the configuration changes only through this file (systemctl reload caddy).
	admin off
}`;
  const port = t ? `:${t.httpsPort}` : '';
  const log = o.accessLog
    ? `
	# The access log keeps no client address, as Scena's visitor counting keeps none.
	log {
		output file ${o.accessLog}
		format filter {
			wrap json
			fields {
				request>remote_ip delete
				request>remote_port delete
				request>client_ip delete
				request>headers>Cookie delete
				request>headers>Authorization delete
				request>headers>X-Forwarded-For delete
				resp_headers>Set-Cookie delete
			}
		}
	}`
    : '';
  return `# Scena on ${domain}: npm run admin -- caddyfile ${domain} > /etc/caddy/Caddyfile (docs/operating.md)
${global}

${domain}${port} {${t ? '\n\ttls internal' : ''}
	reverse_proxy ${o.upstream}${log}
}

www.${domain}${port} {${t ? '\n\ttls internal' : ''}
	redir https://${domain}${port}{uri} permanent
}
`;
}

/** What TRUST_PROXY must be with Caddy on the same machine: the address it connects to Scena from. */
export const CADDY_TRUST_PROXY = '127.0.0.1';
