import type { ReactNode } from 'react';

/** One area of a page (the company's administration, the profile): a card with its heading and what it is for. */
export function Panel({ id, title, intro, children }: { id: string; title: ReactNode; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-5">
      <div>
        <h2 id={id} className="text-xl font-semibold text-gray-900">
          {title}
        </h2>
        {intro && <p className="mt-1 text-gray-700">{intro}</p>}
      </div>
      {children}
    </section>
  );
}
