import LoaderCircle from 'lucide-react/icons/loader-circle';

export function Spinner({ size = 18, className = '' }: { size?: number; className?: string }) {
  return <LoaderCircle aria-hidden="true" size={size} className={`spin shrink-0 ${className}`} />;
}
