/**
 * A person's name as written for people to read: first name, then last name, either of which may be
 * missing (a traveller the supplier knows without names). No zod here: screens of the first load use it.
 */
export const personName = (p: { firstname?: string | null; lastname?: string | null }) => `${p.firstname ?? ''} ${p.lastname ?? ''}`.trim();
