/**
 * Names of the colleagues and guests of a search by their URL ref (`profile:<uid>`, `guest:<uid>`):
 * the /search URL holds refs only, and "Modify search" on the results shows the names the form chose.
 */
const names = new Map<string, string>();

export const passengerNameOf = (ref: string): string | null => names.get(ref) ?? null;

export function rememberPassengerName(ref: string, name: string) {
  names.set(ref, name);
}
