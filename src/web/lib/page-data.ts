import type { Lang } from '@contract/account';
import type { Branding } from '@contract/agency';
import type { Comms } from '@contract/comms';

/**
 * What the server wrote into the page for the app (src/server/web.ts, `<script type="application/json"
 * id="escale-page-data">`, a data block the CSP does not concern): answers the app would otherwise ask
 * for before it can render its first screen.
 */
export type PageData = {
  /** The language the server guessed, that of the branding's information block and of the places' names. */
  lang?: Lang;
  /** The agency's branding, as GET /agency answers it. */
  branding?: Branding;
  /** The agency's messages of every page as GET /comms answers a signed-out visitor. */
  comms?: Comms;
  /** Names of the places in the address (`/search`), by place ID, in the language the server guessed. */
  places?: Record<string, string>;
  /** The "did you know" fact the server's first screen of `/search` shows (an index of TRIP_FACTS). */
  fact?: number;
};

export const PAGE_DATA_ID = 'escale-page-data';

let data: PageData | undefined;

/** The page's data, read once ({} when there is none: the dev server, a page the service worker served). */
export function pageData(): PageData {
  if (data === undefined) {
    data = {};
    const text = typeof document === 'undefined' ? null : document.getElementById(PAGE_DATA_ID)?.textContent;
    if (text) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === 'object') data = parsed as PageData;
      } catch {
        // Not ours: ignored.
      }
    }
  }
  return data;
}

/** Sets the page's data (tests, the build's prerender). */
export function setPageData(next: PageData) {
  data = next;
}
