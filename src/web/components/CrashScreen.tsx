import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from './Button';

/** The generic crash screen (spec 3 §2): "sorry, error" and a reload button. */
export function CrashScreen() {
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold text-gray-900">
        <Trans>Désolé, une erreur est survenue</Trans>
      </h1>
      <p className="text-gray-700">
        <Trans>Rechargez la page pour reprendre. Si le problème continue, contactez le support de votre agence.</Trans>
      </p>
      <Button onClick={() => window.location.reload()}>
        <Trans>Recharger la page</Trans>
      </Button>
    </div>
  );
}

/** Catches render errors outside the router (whose own errors use CrashScreen too). */
export class CrashBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.crashed ? (
      <main>
        <CrashScreen />
      </main>
    ) : (
      this.props.children
    );
  }
}
