import type { KeyboardEvent } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { defaultRangeExtractor, measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { Range } from '@tanstack/react-virtual';
import type { HotelSummary } from '@contract/hotel';
import { formatDistance, formatPrice } from '@web/lib/format-core';
import { currentLang } from '@web/lib/i18n';
import { HotelImage } from '../components/HotelImage';
import { StarsLine } from '../components/Stars';
import { PolicyTags } from '../components/Tags';

/** The scroll box's maximum height, like the trip proposals' (spec 1 §9). */
const MAX_HEIGHT_PX = 640;
const ESTIMATED_ROW_PX = 132;
const GAP_PX = 12;
const RING_PX = 4;
const NAVIGATION_KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End'];

/**
 * The hotels, windowed (500 hotels stay fast): only the rows in view are in the DOM, inside a scroll box.
 * Keyboard as the trip proposals' list: the list is one Tab stop (the row last used, else the selected
 * one, else the first), ArrowUp/ArrowDown move to the previous/next hotel, Home/End to the first/last.
 * A hotel selected elsewhere (on the map) is scrolled into view.
 */
export function HotelList({
  hotels,
  listId,
  scrollKey,
  selectedId,
  onSelect,
}: {
  hotels: HotelSummary[];
  listId: string;
  /** Changes with the sort and the filters: the list goes back to its top. */
  scrollKey: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const count = hotels.length;
  const activeIndex = useMemo(() => {
    const index = (id: string | null) => (id === null ? -1 : hotels.findIndex((h) => h.id === id));
    const active = index(activeId);
    return active >= 0 ? active : Math.max(0, index(selectedId));
  }, [hotels, activeId, selectedId]);

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => hotels[index]!.id,
    gap: GAP_PX,
    paddingStart: RING_PX,
    paddingEnd: RING_PX,
    overscan: 4,
    // The Tab stop's row stays rendered even when scrolled away, so the focus is never lost.
    rangeExtractor: (range: Range) => {
      const rows = defaultRangeExtractor(range);
      return rows.includes(activeIndex) || activeIndex >= count ? rows : [...rows, activeIndex].sort((a, b) => a - b);
    },
    initialRect: { width: 0, height: MAX_HEIGHT_PX },
    observeElementRect: (instance, onRect) => observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : { ...rect, height: MAX_HEIGHT_PX })),
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || ESTIMATED_ROW_PX,
  });

  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [scrollKey, virtualizer]);

  // A hotel chosen on the map comes into view in the list.
  const selectedIndex = selectedId === null ? -1 : hotels.findIndex((h) => h.id === selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    const button = listRef.current?.querySelector<HTMLElement>(`[data-hotel-id="${CSS.escape(id)}"] button`);
    if (button) {
      pendingFocus.current = null;
      button.focus();
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!NAVIGATION_KEYS.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!row) return;
    const index = Number(row.dataset.index);
    const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: count - 1 }[event.key]!;
    event.preventDefault();
    if (target < 0 || target >= count || target === index) return;
    const id = hotels[target]!.id;
    pendingFocus.current = id;
    setActiveId(id);
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };

  return (
    <div ref={scrollRef} className="overflow-y-auto overscroll-contain" style={{ maxHeight: MAX_HEIGHT_PX }}>
      <ul ref={listRef} id={listId} aria-label={t`Hôtels`} className="relative" style={{ height: virtualizer.getTotalSize() }} onKeyDown={onKeyDown}>
        {virtualizer.getVirtualItems().map((row) => {
          const hotel = hotels[row.index]!;
          const selected = hotel.id === selectedId;
          const stars = hotel.stars;
          return (
            <li
              key={hotel.id}
              ref={virtualizer.measureElement}
              data-index={row.index}
              data-hotel-id={hotel.id}
              aria-setsize={count}
              aria-posinset={row.index + 1}
              style={{ position: 'absolute', top: 0, left: RING_PX, right: RING_PX, transform: `translateY(${row.start}px)` }}
            >
              <button
                type="button"
                tabIndex={row.index === activeIndex ? 0 : -1}
                aria-pressed={selected}
                onFocus={() => setActiveId(hotel.id)}
                onClick={() => onSelect(hotel.id)}
                className={`flex w-full gap-3 rounded-xl border bg-white p-3 text-left hover:bg-gray-50 ${
                  selected ? 'border-brand ring-2 ring-brand' : 'border-gray-200'
                }`}
              >
                <HotelImage src={hotel.img_url} className="h-24 w-28 shrink-0 rounded-lg" />
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-x-2">
                    <span className="font-semibold text-gray-900">{hotel.name}</span>
                    <StarsLine stars={stars} />
                  </span>
                  <span className="text-sm text-gray-700">
                    {hotel.address} · {t`à ${formatDistance(hotel.distance, currentLang())}`}
                  </span>
                  <PolicyTags tags={hotel.tags} />
                </span>
                <span className="flex shrink-0 flex-col items-end justify-between text-right">
                  <span className="text-sm text-gray-700">{t`dès`}</span>
                  <span className="text-lg font-bold tabular-nums text-gray-900">{formatPrice(hotel.min_price_per_night)}</span>
                  <span className="text-sm text-gray-700">{t`par nuit`}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
