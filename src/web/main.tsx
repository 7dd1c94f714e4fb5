import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { activateLang, detectLang } from './lib/i18n';
import { registerModals } from './lib/modal';
import { registerServiceWorker } from './lib/pwa';
import { modalRegistry } from './modals';

registerModals(modalRegistry);

async function start() {
  const root = document.getElementById('root');
  if (!root) return;
  try {
    await activateLang(detectLang());
  } catch {
    // The catalog could not load (offline, stale deployment): only a reload can help.
    root.textContent = 'Désolé, une erreur est survenue. Rechargez la page.';
    return;
  }
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  void registerServiceWorker();
}

void start();
