import { useEffect, useRef } from 'react';
import type { ArrayPath, FieldArray, FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

type ListForm<T extends FieldValues> = Pick<UseFormReturn<T, unknown, never>, 'watch' | 'getValues' | 'setValue' | 'setFocus' | 'clearErrors'>;

/**
 * A list of a form's values edited row by row: a key per row for React, append and remove, the values
 * kept by the form itself. It stands in for react-hook-form's useFieldArray, which lives in the one module
 * of the form library that the home's trip form loads on the first visit: used anywhere, its code would
 * ride along for every visitor (1.4 KB gzip).
 */
export function useListField<T extends FieldValues, N extends ArrayPath<T>>(form: ListForm<T>, name: N) {
  type Item = FieldArray<T, N>;
  const path = name as unknown as Path<T>;
  const items = (form.watch(path) ?? []) as Item[];
  const keys = useRef<number[]>([]);
  const nextKey = useRef(0);
  // Values set from outside (the server's answer after a save, a reset) start the rows again.
  if (keys.current.length !== items.length) keys.current = items.map(() => nextKey.current++);
  const focusNext = useRef<Path<T> | null>(null);
  // The new row's field exists once rendered.
  useEffect(() => {
    if (!focusNext.current) return;
    form.setFocus(focusNext.current);
    focusNext.current = null;
  });
  const setItems = (next: Item[]) => form.setValue(path, next as PathValue<T, Path<T>>, { shouldDirty: true });
  return {
    fields: items.map((item, index) => ({ ...(item as object), id: String(keys.current[index]) }) as Item & { id: string }),
    /** Adds a row at the end; `focus`: the name of its field to focus once shown, relative to the row (e.g. `name`). */
    append(item: Item, focus?: string) {
      const current = (form.getValues(path) ?? []) as Item[];
      keys.current = [...keys.current, nextKey.current++];
      if (focus) focusNext.current = `${name}.${current.length}.${focus}` as Path<T>;
      setItems([...current, item]);
    },
    remove(index: number) {
      // The rows' messages would otherwise stay at their old places: they come back at the next check.
      form.clearErrors(path);
      keys.current = keys.current.filter((_, i) => i !== index);
      setItems(((form.getValues(path) ?? []) as Item[]).filter((_, i) => i !== index));
    },
  };
}
