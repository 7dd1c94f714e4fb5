import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@web/testing/render';
import type { DateRule } from './DatePicker';
import { DatePicker } from './DatePicker';
import { isDate, maskTypedDate, parseTypedDate, toLocalIso } from './dates';

const NOW = new Date(2030, 4, 15, 10, 30); // Wednesday 15 May 2030, 10:30
const now = () => NOW;

function Harness({ rule, initial = null, max }: { rule: DateRule; initial?: Date | null; max?: Date }) {
  const [value, setValue] = useState<Date | null>(initial);
  return (
    <>
      <DatePicker label="Date d’aller" value={value} onChange={setValue} rule={rule} max={max} />
      <output data-testid="value">{value === null ? 'none' : isDate(value) ? toLocalIso(value) : 'not a date'}</output>
    </>
  );
}
const value = () => screen.getByTestId('value').textContent;
const day = (name: RegExp) => screen.getByRole('button', { name });

describe('DatePicker (spec 1 §5 "Date pickers")', () => {
  it('disables the days before today, marks the selected day and moves with the arrow keys', async () => {
    const user = userEvent.setup();
    renderApp(<Harness rule={{ kind: 'start', now }} initial={new Date(2030, 4, 20, 9, 0)} />);
    expect(screen.getByRole('grid', { name: /Date d’aller, mai 2030/ })).toBeTruthy();
    expect((day(/14 mai 2030/) as HTMLButtonElement).disabled).toBe(true);
    expect((day(/15 mai 2030/) as HTMLButtonElement).disabled).toBe(false);
    expect(
      day(/20 mai 2030/)
        .closest('[role="gridcell"]')
        ?.getAttribute('aria-selected'),
    ).toBe('true');
    expect(
      day(/21 mai 2030/)
        .closest('[role="gridcell"]')
        ?.getAttribute('aria-selected'),
    ).toBe('false');

    day(/20 mai 2030/).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(day(/21 mai 2030/));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(day(/28 mai 2030/));
    await user.keyboard('{Enter}');
    expect(value()).toBe('2030-05-28T09:00');
  });

  it('types DD/MM/YYYY with the slashes added, 10 characters; a text that is no date is told apart from an empty field', async () => {
    const user = userEvent.setup();
    renderApp(<Harness rule={{ kind: 'start', now }} />);
    const input = screen.getByLabelText('Date d’aller');
    await user.type(input, '25122030');
    expect((input as HTMLInputElement).value).toBe('25/12/2030');
    expect(value()).toBe('2030-12-25T11:30'); // default time: now + 1 h
    await user.type(input, '9');
    expect((input as HTMLInputElement).value).toBe('25/12/2030');

    await user.clear(input);
    expect(value()).toBe('none');
    await user.type(input, '31022031');
    expect((input as HTMLInputElement).value).toBe('31/02/2031');
    expect(value()).toBe('not a date');

    await user.clear(input);
    await user.type(input, '01012100');
    expect(value()).toBe('not a date');
    await user.clear(input);
    await user.type(input, '1205');
    expect(value()).toBe('not a date');

    expect(maskTypedDate('12', '1')).toBe('12/');
    expect(maskTypedDate('12/0', '12/')).toBe('12/0');
    expect(parseTypedDate('29/02/2032')).not.toBeNull();
    expect(parseTypedDate('29/02/2031')).toBeNull();
    expect(parseTypedDate('01/01/1899')).toBeNull();
    expect(parseTypedDate('31/12/2099')).not.toBeNull();
  });

  it('sets the morning (05:00) or afternoon (14:00) with the quick buttons', async () => {
    const user = userEvent.setup();
    renderApp(<Harness rule={{ kind: 'start', now }} initial={new Date(2030, 4, 20, 9, 0)} />);
    await user.click(screen.getByRole('button', { name: 'Matin' }));
    expect(value()).toBe('2030-05-20T05:00');
    await user.click(screen.getByRole('button', { name: 'Après-midi' }));
    expect(value()).toBe('2030-05-20T14:00');
  });

  it('offers the hours 06:00 to 23:00 as one group of the keyboard; the chosen one applies with Valider, which returns to the date field', async () => {
    const user = userEvent.setup();
    renderApp(<Harness rule={{ kind: 'start', now }} initial={new Date(2030, 4, 20, 9, 0)} />);
    const hours = within(screen.getByRole('group', { name: 'Heure' })).getAllByRole('radio');
    expect(hours.map((b) => b.closest('label')?.textContent)).toEqual(Array.from({ length: 18 }, (_, i) => `${String(i + 6).padStart(2, '0')}:00`));
    expect((screen.getByRole('radio', { name: '09:00' }) as HTMLInputElement).checked).toBe(true);
    // One Tab stop for the hours, after the quick buttons and before Valider (the arrow keys move among
    // them: the browser's radio group, which the keyboard journey of test/e2e/search-form.spec.ts uses).
    screen.getByRole('button', { name: 'Après-midi' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '09:00' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Valider' }));
    await user.click(screen.getByRole('radio', { name: '18:00' }));
    expect((screen.getByRole('radio', { name: '18:00' }) as HTMLInputElement).checked).toBe(true);
    expect(value()).toBe('2030-05-20T09:00');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(value()).toBe('2030-05-20T18:00');
    expect(document.activeElement).toBe(screen.getByLabelText('Date d’aller'));
  });

  it('keeps a typed day in the past as typed, for the form to say so', async () => {
    const user = userEvent.setup();
    renderApp(<Harness rule={{ kind: 'start', now }} initial={new Date(2030, 4, 20, 9, 0)} />);
    const input = screen.getByLabelText('Date d’aller');
    await user.clear(input);
    await user.type(input, '14052030'); // yesterday: not replaced by today + 1 h
    expect(value()).toBe('2030-05-14T11:30');
    expect((input as HTMLInputElement).value).toBe('14/05/2030');
  });

  it('disables the days after the last bookable one, and the months after its month', async () => {
    const user = userEvent.setup();
    renderApp(<Harness rule={{ kind: 'start', now }} initial={new Date(2030, 4, 20, 9, 0)} max={new Date(2030, 5, 10)} />);
    await user.click(screen.getByRole('button', { name: 'Mois suivant' }));
    expect((day(/10 juin 2030/) as HTMLButtonElement).disabled).toBe(false);
    expect((day(/11 juin 2030/) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Mois suivant' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(day(/10 juin 2030/));
    expect(value()).toBe('2030-06-10T09:00');
    await user.keyboard('{ArrowDown}'); // a week later is past the horizon: the focus stays on the last day
    expect(document.activeElement).toBe(day(/10 juin 2030/));
  });

  it('turns a start in the past into now + 1 h', async () => {
    const user = userEvent.setup();
    renderApp(<Harness rule={{ kind: 'start', now }} initial={new Date(2030, 4, 20, 9, 0)} />);
    await user.click(day(/15 mai 2030/)); // today at 09:00: passed
    expect(value()).toBe('2030-05-15T11:30');
    await user.click(screen.getByRole('button', { name: 'Matin' })); // today at 05:00: passed
    expect(value()).toBe('2030-05-15T11:30');
  });

  it('turns an end not after the start into start + 1 h, and disables the days before the start', async () => {
    const user = userEvent.setup();
    const start = new Date(2030, 4, 20, 14, 0);
    renderApp(<Harness rule={{ kind: 'end', now, start }} />);
    expect((day(/19 mai 2030/) as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Date d’aller'), '20052030');
    expect(value()).toBe('2030-05-20T15:00');
    await user.click(screen.getByRole('button', { name: 'Matin' }));
    expect(value()).toBe('2030-05-20T15:00');
    await user.click(screen.getByRole('radio', { name: '23:00' }));
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(value()).toBe('2030-05-20T23:00');
  });
});
