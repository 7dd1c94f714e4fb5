import { useState } from 'react';
import BedDouble from 'lucide-react/icons/bed-double';

/** A hotel or room picture; none, or one that fails to load, gives a neutral placeholder (spec 1 §8, UI.md). Decorative: the name is beside it. */
export function HotelImage({ src, className = '' }: { src: string | null | undefined; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src)
    return (
      <span aria-hidden="true" className={`flex items-center justify-center bg-gray-100 text-gray-400 ${className}`}>
        <BedDouble size={28} />
      </span>
    );
  return <img src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} className={`object-cover ${className}`} />;
}
