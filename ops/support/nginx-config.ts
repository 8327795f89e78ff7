/**
 * Renders nginx/nginx.conf.template the way the image does (nginx/15-barberly-env.envsh + envsubst of an explicit
 * variable list): the tests run the very file production runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const templatePath = path.join(repoRoot, 'nginx', 'nginx.conf.template');

export interface NginxSettings {
  appDomain: string;
  port: number;
  /** host:port of each api process. */
  apiUpstreams: string[];
  /** host:port of each storefront process. */
  storefrontUpstreams: string[];
  adminRoot: string;
  pidFile: string;
  tempDir: string;
  accessLog: string;
  cspConnectExtra?: string;
  /** Addresses whose X-Forwarded-For nginx believes (the TLS terminator in front: Caddy). */
  trustedFront?: string[];
}

export const TEMPLATE_VARIABLES = [
  'APP_DOMAIN_REGEX',
  'API_SERVERS',
  'STOREFRONT_SERVERS',
  'NGINX_PORT',
  'NGINX_PID',
  'NGINX_TEMP_DIR',
  'NGINX_ACCESS_LOG',
  'ADMIN_ROOT',
  'CSP_CONNECT_EXTRA',
  'REAL_IP_DIRECTIVES',
] as const;

const servers = (addresses: string[]) => addresses.map((address) => `server ${address} max_fails=0; `).join('');

export function templateValues(settings: NginxSettings): Record<(typeof TEMPLATE_VARIABLES)[number], string> {
  return {
    APP_DOMAIN_REGEX: settings.appDomain.toLowerCase().replace(/\./g, '\\.'),
    API_SERVERS: servers(settings.apiUpstreams),
    STOREFRONT_SERVERS: servers(settings.storefrontUpstreams),
    NGINX_PORT: String(settings.port),
    NGINX_PID: settings.pidFile,
    NGINX_TEMP_DIR: settings.tempDir,
    NGINX_ACCESS_LOG: settings.accessLog,
    ADMIN_ROOT: settings.adminRoot,
    CSP_CONNECT_EXTRA: settings.cspConnectExtra ?? '',
    REAL_IP_DIRECTIVES: settings.trustedFront?.length
      ? `${settings.trustedFront.map((address) => `set_real_ip_from ${address}; `).join('')}real_ip_header X-Forwarded-For;`
      : '',
  };
}

/** envsubst with an explicit list: `${NAME}` of a listed variable is replaced, everything else stays. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : whole,
  );
}

export function renderNginxConfig(settings: NginxSettings): string {
  return renderTemplate(fs.readFileSync(templatePath, 'utf8'), templateValues(settings));
}
