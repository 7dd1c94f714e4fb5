// Set-up of the web component tests (vitest project "web", jsdom).
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { loadModalRegistry, registerModals, useModal } from '../src/web/lib/modal';
import { setNavigator } from '../src/web/lib/navigation';
import { queryClient } from '../src/web/lib/query';
import { useSession } from '../src/web/lib/session';
import { toast } from 'sonner';
import { useToasterWanted } from '../src/web/lib/toast';
import { modalRegistry } from '../src/web/modals';
import { server } from '../src/web/testing/server';

// Routes load their code and texts lazily: on a busy 2-core CI machine the first render of a file
// can take more than testing-library's default second.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no pointer capture; sonner's toasts (swipe to dismiss) call it on press.
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

// French is the source language: with an empty catalog the texts are the French sources.
i18n.loadAndActivate({ locale: 'fr', messages: {} });
registerModals(() => Promise.resolve(modalRegistry));
await loadModalRegistry();
// The rel table (every schema of the contract) loads with the first link followed (lib/follow.ts): here
// once per file, as the modals' code above, so that no test's clock pays for it.
await import('../src/contract/rels');
// The http client (ky, lib/http-client.ts) loads with the first call: here once per file too.
await import('../src/web/lib/http-client');

// A request no handler answers fails its test (msw's 'error' only logs it and fails the request, which
// the app may take as a network error and show, the test passing).
const unhandled: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);
afterEach(() => {
  const requests = unhandled.splice(0);
  if (requests.length) throw new Error(`Requests no msw handler answered: ${requests.join(', ')}`);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  queryClient.clear();
  useSession.setState({ token: null });
  toast.dismiss();
  useToasterWanted.setState({ wanted: false });
  useModal.setState({ current: null, opener: null });
  document.body.className = '';
  setNavigator(() => {}); // tests that navigate register their own router or spy
});
afterAll(() => server.close());
