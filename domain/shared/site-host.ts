/**
 * Which site a host or URL belongs to. One rule for the whole service: lower case, no trailing dot,
 * and "www." dropped (unless only a single label would be left, as in www.com).
 */
export function siteHost(host: string): string {
  const bare = host.trim().toLowerCase().replace(/\.+$/, '');
  return bare.startsWith('www.') && bare.split('.').length > 2 ? bare.slice(4) : bare;
}

/** The URL is on the site: its host is the domain or a subdomain of it ("example.com.evil.net" is not). */
export function isOnSite(url: string, domain: string): boolean {
  let host: string;
  try {
    host = siteHost(new URL(url).hostname);
  } catch {
    return false;
  }
  const site = siteHost(domain);
  return host === site || host.endsWith(`.${site}`);
}
