import type { Link } from '@contract/link';
import { ApiError, expireSession, getApiKey, toastFailure } from './http';
import { currentLang } from './i18n';
import { useSession } from './session';

/** The file name a Content-Disposition header gives, if any. */
const fileNameOf = (header: string | null) => /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? null;

/**
 * Saves the file a server-written GET link answers (e.g. a travel's .ics, its `calendar` link). The
 * API wants the Api-Key and the session, which a plain `<a href download>` cannot send: the file is
 * fetched like any call, then handed to the browser to save under the name the server gave. A read:
 * no intent, no Idempotency-Key. Failures follow the http client's rules (401 ends the session; a toast).
 */
export async function downloadLink(link: Link, fallbackName: string): Promise<void> {
  if (link.method !== 'GET') throw new Error(`downloadLink: a GET link is needed, got ${link.method} ${link.href}`);
  const token = useSession.getState().token;
  const headers: Record<string, string> = { 'Api-Key': getApiKey(), 'Accept-Language': currentLang() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(new URL(link.href, window.location.origin), { headers });
  } catch (cause) {
    const error = new ApiError({ status: 0, api_code: null, msg: String(cause), errorMessage: '', method: 'GET', url: link.href });
    toastFailure(error);
    throw error;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { api_code?: number; msg?: string; errorMessage?: string } | null;
    const error = new ApiError({
      status: response.status,
      api_code: body?.api_code ?? null,
      msg: body?.msg ?? response.statusText,
      errorMessage: body?.errorMessage ?? '',
      method: 'GET',
      url: link.href,
    });
    if (response.status === 401 && token) expireSession();
    else toastFailure(error);
    throw error;
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileNameOf(response.headers.get('Content-Disposition')) ?? fallbackName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The browser has taken the file by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
