/**
 * Local wall-clock times of a place ⇄ instants (the supplier's world answers in local times with
 * their offset): the zone arithmetic the sandbox uses, for the features that write such times.
 */
export { localParts, localToInstant, toLocalIso } from './sandbox/time';
