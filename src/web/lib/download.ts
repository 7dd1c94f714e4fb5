import type { Link } from '@contract/link';
import { HTTPError } from 'ky';
import { ApiError, toastFailure } from './http-shared';
import { client } from './http-client';
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
  // The client's hooks add the key, the language and the session, and end the session on a 401.
  const carriedToken = Boolean(useSession.getState().token);
  let response: Response;
  try {
    response = await client(new URL(link.href, window.location.origin), { headers: { Accept: '*/*' }, context: { carriedToken } });
  } catch (cause) {
    const failed = cause instanceof HTTPError ? cause.response : null;
    const body = (await failed?.json().catch(() => null)) as { api_code?: number; msg?: string; errorMessage?: string } | null | undefined;
    const error = new ApiError({
      status: failed?.status ?? 0,
      api_code: body?.api_code ?? null,
      msg: body?.msg ?? failed?.statusText ?? String(cause),
      errorMessage: body?.errorMessage ?? '',
      method: 'GET',
      url: link.href,
    });
    if (!(error.status === 401 && carriedToken)) toastFailure(error);
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
