import { useEffect, useRef, useState } from 'react';

/**
 * The side panel of a search form (spec 1 §2 "Search side panel"): which panel follows the focused
 * field, and below 760 px whether it replaces the form until confirmed. Confirming goes back to a field;
 * a panel opened from its field's button takes the focus (the calendar and the hours take it themselves
 * once their code is there; `focusAside` panels get it on the aside), so that the keyboard reaches what it
 * holds right after that field, and 'Valider' and Escape go back.
 */
export function useSearchPanel<Panel extends string, Field extends string>(setFocus: (field: Field) => void, focusAside: readonly Panel[]) {
  const [panel, setPanel] = useState<Panel | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const skipOpen = useRef(false);
  const [focusNext, setFocusNext] = useState<{ field: Field } | null>(null);
  useEffect(() => {
    if (focusNext) setFocus(focusNext.field);
  }, [focusNext, setFocus]);
  const show = (p: Panel | null, opensOnMobile = false) => {
    setPanel(p);
    if (skipOpen.current) skipOpen.current = false;
    else if (opensOnMobile) setMobileOpen(true);
  };
  const confirmPanel = (back: Field) => {
    skipOpen.current = true;
    setMobileOpen(false);
    setFocusNext({ field: back });
  };
  const asideRef = useRef<HTMLElement>(null);
  const [panelFocus, setPanelFocus] = useState<{ panel: Panel } | null>(null);
  const enterPanel = (p: Panel) => {
    show(p, true);
    setPanelFocus({ panel: p });
  };
  useEffect(() => {
    if (panelFocus && focusAside.includes(panelFocus.panel)) asideRef.current?.focus();
  }, [panelFocus, focusAside]);
  return { panel, setPanel, mobileOpen, setMobileOpen, show, confirmPanel, setFocusNext, asideRef, panelFocus, enterPanel };
}
