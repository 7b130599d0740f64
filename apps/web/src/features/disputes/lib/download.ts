import { buildUrl } from '../../../lib/http';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getSessionToken } from '../../../lib/session';

/**
 * Evidence is served only with the session's headers, which a plain link cannot send: the file
 * is fetched, then handed to the browser as an object URL under its original name.
 */
export async function downloadEvidence(url: string, name: string): Promise<void> {
  const headers: Record<string, string> = { 'secret-key': getRuntimeConfig().secretKey };
  const token = getSessionToken();
  if (token) headers['x-auth-token'] = token;
  const response = await fetch(buildUrl(url), { headers });
  if (!response.ok) throw new Error('The file could not be downloaded');
  const objectUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
}
