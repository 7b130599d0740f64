import { useEffect, useState } from 'react';
import { buildUrl } from './http';
import { getRuntimeConfig } from './runtime-config';
import { getSessionToken } from './session';

/**
 * Photos are served by authorised API routes (secret-key + token headers), which an <img src>
 * cannot send: the bytes are fetched and shown through an object URL. null while loading, when
 * there is no photo, or when it cannot be read.
 */
export function useApiImage(path: string | null | undefined): string | null {
  const [loaded, setLoaded] = useState<{ path: string; url: string } | null>(null);

  useEffect(() => {
    if (!path) return undefined;
    if (/^(blob:|data:)/.test(path)) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const headers: Record<string, string> = { 'secret-key': getRuntimeConfig().secretKey };
    const token = getSessionToken();
    if (token) headers['x-auth-token'] = token;
    fetch(buildUrl(path), { headers, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok || typeof response.blob !== 'function') return;
        objectUrl = URL.createObjectURL(await response.blob());
        setLoaded({ path, url: objectUrl });
      })
      .catch(() => {
        // no photo shown: the caller falls back to initials or a placeholder
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);

  if (path && /^(blob:|data:)/.test(path)) return path;
  return loaded && loaded.path === path ? loaded.url : null;
}
