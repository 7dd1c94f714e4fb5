import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { RoomOffer } from '@contract/hotel';
import { Button } from '@web/components/Button';
import { FieldError } from '@web/components/Field';
import { assignmentProblem, autoAssign } from './rooms';

/**
 * Who sleeps in which room (spec 1 §4 "Hotel": several travellers): each traveller's room, starting from a
 * placement that leaves no room empty; Next waits until every room has a traveller and none is over its
 * capacity.
 */
export function Distribution({
  rooms,
  names,
  onBack,
  onNext,
}: {
  rooms: RoomOffer[];
  /** The travellers' names, in the search's order. */
  names: string[];
  onBack: () => void;
  onNext: (assignment: number[]) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [assignment, setAssignment] = useState(() => autoAssign(rooms, names.length));
  const problem = assignmentProblem(rooms, assignment);
  const roomLabel = (r: number) => {
    const n = r + 1;
    const { name } = rooms[r]!;
    return t`Chambre ${n} : ${name}`;
  };
  const problemText = problem
    ? problem.kind === 'EMPTY_ROOM'
      ? t`${roomLabel(problem.room)} n’a aucun voyageur.`
      : t`${roomLabel(problem.room)} accueille plus de voyageurs que sa capacité.`
    : undefined;

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h3 id={`${id}-title`} className="text-lg font-bold text-gray-900">
        {t`Répartition des voyageurs`}
      </h3>
      <ul className="space-y-3">
        {names.map((name, i) => (
          <li key={i}>
            <label htmlFor={`${id}-${i}`} className="mb-1 block font-medium text-gray-900">
              {name}
            </label>
            <select
              id={`${id}-${i}`}
              value={assignment[i]}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(e) => setAssignment((a) => a.map((room, j) => (j === i ? Number(e.target.value) : room)))}
              className="block min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3"
            >
              {rooms.map((room, r) => (
                <option key={r} value={r}>
                  {roomLabel(r)} ({room.max_occupancy === 1 ? t`1 personne` : t`${room.max_occupancy} personnes`})
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
      <FieldError id={`${id}-problem`}>{problemText}</FieldError>
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="secondary" onClick={onBack}>
          {t`Retour aux chambres`}
        </Button>
        <Button disabled={problem !== null} onClick={() => onNext(assignment)}>
          {t`Suivant`}
        </Button>
      </div>
    </section>
  );
}
