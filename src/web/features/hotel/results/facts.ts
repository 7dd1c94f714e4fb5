import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** "Did you know" facts shown while a hotel search runs. */
export const HOTEL_FACTS: MessageDescriptor[] = [
  msg`Une nuit d’hôtel émet en moyenne près de 7 kg de CO2 en France : un hôtel éco-responsable fait mieux.`,
  msg`Les tarifs annulables vous permettent de changer vos plans sans frais jusqu’à la date limite indiquée.`,
  msg`Les hôtels du programme de votre entreprise sont présentés en premier avec le tri « Préférence ».`,
  msg`Loger près de votre rendez-vous, c’est moins de trajets et moins de CO2.`,
  msg`Vous pouvez afficher les hôtels sur une carte pour choisir selon le quartier.`,
];

export const randomHotelFact = () => HOTEL_FACTS[Math.floor(Math.random() * HOTEL_FACTS.length)]!;
