/** The choice a proposal's offer belongs to: `searchID~i~cabin~k` → `searchID~i~cabin`. */
export const choiceIdOf = (offerId: string): string => offerId.split('~').slice(0, 3).join('~');
