import LoaderCircle from 'lucide-react/icons/loader-circle';

export function Spinner({ size = 18, className = '' }: { size?: number; className?: string }) {
  return <LoaderCircle aria-hidden="true" size={size} className={`spin shrink-0 ${className}`} />;
}

/** What a search form's side panel shows while the code of its content comes. */
export function PanelSpinner() {
  return (
    <div className="flex min-h-40 items-center justify-center text-brand">
      <Spinner size={32} />
    </div>
  );
}
