import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { pageData, setPageData } from '@web/lib/page-data';

/** "Did you know" facts shown while a trip search runs (a short set). */
export const TRIP_FACTS: MessageDescriptor[] = [
  msg`Un trajet Paris – Lyon en TGV émet environ 50 fois moins de CO2 que le même trajet en avion.`,
  msg`Réserver votre billet de train plusieurs semaines à l’avance permet souvent de payer moins cher.`,
  msg`Les tarifs flexibles vous permettent d’échanger ou d’annuler votre billet sans frais.`,
  msg`Le train vous dépose en centre-ville : pas de transfert vers l’aéroport.`,
  msg`Vous pouvez indiquer vos préférences de placement avant d’ajouter votre trajet au panier.`,
];

export const randomFact = () => TRIP_FACTS[Math.floor(Math.random() * TRIP_FACTS.length)]!;

/**
 * The fact of a search that starts: the one the server's first screen of `/search` shows (lib/page-data.ts),
 * so the app's render over it changes nothing, until a search screen showed it (forgetServerFact); then
 * one at random. Reading it does not use it up: React may render a screen more than once before showing it.
 */
export function firstFact(): MessageDescriptor {
  const { fact } = pageData();
  return (fact !== undefined ? TRIP_FACTS[fact] : undefined) ?? randomFact();
}

/** After the first search screen is on display: the next searches get a fact at random. */
export function forgetServerFact() {
  const { fact, ...rest } = pageData();
  if (fact !== undefined) setPageData(rest);
}
