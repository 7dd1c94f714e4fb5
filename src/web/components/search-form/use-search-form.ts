import type { ReactNode } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { get, useForm } from 'react-hook-form';
import type { DefaultValues, FieldValues, Resolver } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useRouter } from '@tanstack/react-router';
import { formatTypedDate, lastBookableDate } from '../date-picker/dates';
import { useSearchPanel } from '../use-search-panel';

/** The calendar, with date-fns: loaded when a form is first used, not with the home page. */
export const loadCalendar = () => import('../date-picker/DatePicker');

type Messages = Record<string, MessageDescriptor>;

type SearchFormOptions<Values extends FieldValues, Output> = {
  /** The form's first values, computed once. */
  defaults: () => DefaultValues<Values>;
  /** The clock (tests give theirs). */
  now: () => Date;
  /** The form's rules at the time of the check: dates depend on the clock, hence rules per validation. */
  rules: (now: Date) => Promise<Resolver<Values, unknown, Output>> | Resolver<Values, unknown, Output>;
  /** The texts of the message keys the rules give (`{last}`: the last bookable day), or their loader: loaded with the rules then. */
  messages: Messages | (() => Promise<Messages>);
  /**
   * What starts loading when the form is first focused, so that the results screen's code and the
   * form's rules are there at submit: these loaders, the calendar and the results route.
   */
  preload?: { loaders: (() => Promise<unknown>)[]; route: '/search' | '/search-hotels' | '/search-car-rentals' };
};

/**
 * A search form's react-hook-form with what every search form shares: its rules checked at the clock's
 * time of the check, the rules' message keys as the user reads them (by field path, `journeys.1.date`
 * too), and the preload on first focus.
 */
export function useSearchForm<Values extends FieldValues, Output>({ defaults, now, rules, messages, preload: toPreload }: SearchFormOptions<Values, Output>) {
  const { i18n } = useLingui();
  const router = useRouter();
  const nowRef = useRef(now);
  useEffect(() => {
    nowRef.current = now;
  }, [now]);
  const [loadedMessages, setLoadedMessages] = useState(typeof messages === 'function' ? null : messages);
  const loadMessages = async () => {
    if (typeof messages === 'function') setLoadedMessages(await messages());
  };
  const resolver: Resolver<Values, unknown, Output> = async (values, context, options) => {
    const [resolve] = await Promise.all([rules(nowRef.current()), loadMessages()]);
    return resolve(values, context, options);
  };
  const [defaultValues] = useState(defaults);
  const form = useForm<Values, unknown, Output>({ defaultValues, resolver });

  const lastBookable = lastBookableDate(now());
  const { errors } = form.formState;
  const message = (path: string): string | undefined => {
    const key = (get(errors, path) as { message?: unknown } | undefined)?.message;
    if (typeof key !== 'string' || !loadedMessages || !(key in loadedMessages)) return undefined;
    const descriptor = { ...loadedMessages[key]!, values: { last: formatTypedDate(lastBookable) } };
    return i18n._(descriptor);
  };

  const preloaded = useRef(false);
  const preload = () => {
    if (preloaded.current || !toPreload) return;
    preloaded.current = true;
    for (const load of [...toPreload.loaders, loadCalendar, loadMessages]) void load().catch(() => undefined);
    void router.preloadRoute({ to: toPreload.route }).catch(() => undefined);
  };

  return { form, message, preload, lastBookable };
}

/**
 * The side panel of a form (use-search-panel.ts) with the props its parts give: a date field's
 * calendar, a field whose button opens its panel (the passengers, the driver), and the frame's panel,
 * where Escape confirms a panel back to its field.
 */
export function useFormPanel<Panel extends string, Field extends string>(setFocus: (field: Field) => void, focusAside: readonly Panel[]) {
  const state = useSearchPanel<Panel, Field>(setFocus, focusAside);
  const id = useId();
  const { panel, show, enterPanel, confirmPanel, panelFocus, mobileOpen, asideRef } = state;
  return {
    ...state,
    id,
    dateField: (p: Panel) => ({ controls: id, onFocus: () => show(p, true), onOpenCalendar: () => enterPanel(p), calendarOpen: panel === p }),
    calendar: (p: Panel & Field) => ({ takeFocus: panelFocus?.panel === p ? panelFocus : undefined, onConfirm: () => confirmPanel(p) }),
    panelField: (p: Panel) => ({ panelId: id, onFocus: () => show(p), onOpen: () => enterPanel(p) }),
    /**
     * SearchFormFrame's `hidden` and `panel`: beside the form, the open panel's content (the search's
     * steps when it has none), Escape confirming the `confirmable` panels back to their fields.
     */
    frame: (confirmable: readonly (Panel & Field)[], contents: Partial<Record<Panel, ReactNode>>) => ({
      hidden: mobileOpen,
      panel: {
        ref: asideRef,
        id,
        open: mobileOpen || panel === null,
        onEscape: () => {
          if (panel === null || !confirmable.includes(panel as Panel & Field)) return false;
          confirmPanel(panel as Panel & Field);
          return true;
        },
        content: panel === null ? undefined : contents[panel],
      },
    }),
  };
}
