import type { ReactNode } from 'react';

/** Label and value pairs as a description list; rows whose value is false or null are left out. */
export function DetailsList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="details">
      {rows
        .filter(([, v]) => v !== false && v !== null)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}
