import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { defaultRangeExtractor, measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { Range } from '@tanstack/react-virtual';
import type { Proposal } from '@contract/trip';
import { FIRST_PROPOSAL_MARK } from '@web/lib/perf-marks';
import type { ListItemProps } from './ProposalCard';

/** The scroll box's maximum height (spec 1 §9). */
const MAX_HEIGHT_PX = 640;
/** A card's height before it is measured (two lines of facts and a row of cabins). */
const ESTIMATED_ROW_PX = 150;
const GAP_PX = 12;
/** Room for the selected card's ring, which the scroll box would otherwise clip. */
const RING_PX = 4;
/** Rows kept above and below the view, so that Tab always finds the next card rendered. */
const OVERSCAN = 4;

const NAVIGATION_KEYS = ['ArrowDown', 'ArrowUp', 'Home', 'End'];

/** What a row needs beyond its proposal: whether Tab stops in it, and the day it starts when the date changes there. */
export type RowContext = { tabbable: boolean; newDay: string | null };

/**
 * The proposals of one leg, windowed: only the rows in view (and a few around them) are in the DOM,
 * inside a scroll box of at most 640 px (spec 1 §9), so a leg of 1,000 proposals stays fast.
 * Every row says its place in the whole list (aria-posinset/aria-setsize). Keyboard: the list is one
 * stop of the Tab order (the row last used, else the selected one, else the first: its controls are
 * tabbable, the other rows' are not), so that Tab goes on to the fares; ArrowUp/ArrowDown move to the
 * previous/next proposal and Home/End to the first/last, scrolling the window to them. That row stays
 * rendered even when scrolled away, so the focus is never lost. With `daySeparators` (time order), a
 * row whose departure day differs from the row before (or, first, from the day searched) says its day.
 */
export function ProposalList({
  proposals,
  label,
  listId,
  scrollKey,
  selectedId,
  daySeparators,
  searchedDay,
  reveal,
  renderRow,
}: {
  proposals: Proposal[];
  label: string;
  /** The list's id (the "skip to results" link's target). */
  listId: string;
  /** Changes when the sort or the filters change: the list then goes back to its top. */
  scrollKey: string;
  selectedId: string | null;
  daySeparators: boolean;
  /** `YYYY-MM-DD`: the first row says its day only when it is another. */
  searchedDay: string;
  /** A row to scroll into view (the first of a page just loaded); a new value scrolls again. */
  reveal: { index: number } | null;
  renderRow: (proposal: Proposal, item: ListItemProps, row: RowContext) => ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [activeId, setActiveId] = useState<string | null>(null);
  const pendingFocus = useRef<string | null>(null);
  const count = proposals.length;
  const activeIndex = useMemo(() => {
    const index = (id: string | null) => (id === null ? -1 : proposals.findIndex((p) => p.id === id));
    const active = index(activeId);
    if (active >= 0) return active;
    return Math.max(0, index(selectedId));
  }, [proposals, activeId, selectedId]);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range);
      return rows.includes(activeIndex) || activeIndex >= count ? rows : [...rows, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex, count],
  );
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    getItemKey: (index) => proposals[index]!.id,
    gap: GAP_PX,
    paddingStart: RING_PX,
    paddingEnd: RING_PX,
    overscan: OVERSCAN,
    rangeExtractor,
    // Rows are rendered in the very first render, before the box is measured.
    initialRect: { width: 0, height: MAX_HEIGHT_PX },
    // Without layout (box not displayed yet, or a DOM without layout engine), sizes read 0: keep the
    // box's maximum and the estimate, instead of deciding that every row fits.
    observeElementRect: (instance, onRect) => observeElementRect(instance, (rect) => onRect(rect.height > 0 ? rect : { ...rect, height: MAX_HEIGHT_PX })),
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || ESTIMATED_ROW_PX,
  });

  useEffect(() => {
    virtualizer.scrollToOffset(0);
  }, [scrollKey, virtualizer]);

  useEffect(() => {
    if (reveal) virtualizer.scrollToIndex(reveal.index, { align: 'start' });
  }, [reveal, virtualizer]);

  const firstId = proposals[0]?.id;
  useEffect(() => {
    if (!firstId) return;
    // After the frame that paints the first card of these results (bench/search-click.ts reads it).
    const frame = requestAnimationFrame(() => setTimeout(() => performance.mark(FIRST_PROPOSAL_MARK), 0));
    return () => cancelAnimationFrame(frame);
  }, [firstId]);

  useEffect(() => {
    const id = pendingFocus.current;
    if (id === null) return;
    const row = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-proposal-id]') ?? [])].find((r) => r.dataset.proposalId === id);
    const control = row?.querySelector<HTMLElement>('button:not([disabled]), input:checked, [href]');
    if (control) {
      pendingFocus.current = null;
      control.focus();
    }
  });

  const rowIndexOf = (target: EventTarget) => {
    const row = (target as HTMLElement).closest<HTMLElement>('[data-index]');
    return row && listRef.current?.contains(row) ? Number(row.dataset.index) : null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!NAVIGATION_KEYS.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    // Arrows inside a form control (the cabin switcher's radios) keep their own meaning.
    if ((event.target as HTMLElement).matches('input, select, textarea')) return;
    const index = rowIndexOf(event.target);
    if (index === null) return;
    const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: count - 1 }[event.key]!;
    event.preventDefault();
    if (target < 0 || target >= count || target === index) return;
    const id = proposals[target]!.id;
    pendingFocus.current = id;
    setActiveId(id);
    virtualizer.scrollToIndex(target, { align: 'auto' });
  };

  return (
    <div ref={scrollRef} className="overflow-y-auto overscroll-contain" style={{ maxHeight: MAX_HEIGHT_PX }}>
      <ul
        ref={listRef}
        id={listId}
        aria-label={label}
        className="relative"
        style={{ height: virtualizer.getTotalSize() }}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const index = rowIndexOf(event.target);
          if (index !== null) setActiveId(proposals[index]!.id);
        }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const proposal = proposals[row.index]!;
          const day = proposal.departure.slice(0, 10);
          const dayBefore = row.index === 0 ? searchedDay : proposals[row.index - 1]!.departure.slice(0, 10);
          return renderRow(
            proposal,
            {
              ref: virtualizer.measureElement,
              'data-index': row.index,
              'data-proposal-id': proposal.id,
              'aria-setsize': count,
              'aria-posinset': row.index + 1,
              style: { position: 'absolute', top: 0, left: RING_PX, right: RING_PX, transform: `translateY(${row.start}px)` },
            },
            { tabbable: row.index === activeIndex, newDay: daySeparators && day !== dayBefore ? proposal.departure : null },
          );
        })}
      </ul>
    </div>
  );
}
