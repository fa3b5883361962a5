import type { ReactNode } from 'react';

/** One figure of a dashboard: its label and its value. */
export function StatCard({
  label,
  value,
  tone,
  note,
}: {
  label: string;
  value: ReactNode;
  tone?: 'community';
  /** A line under the figure (e.g. how much of it is not final yet). */
  note?: ReactNode;
}) {
  return (
    <li className="ap-card ap-stat" data-tone={tone}>
      <p className="ap-stat__label">{label}</p>
      <p className="ap-stat__value">{value}</p>
      {note && <p className="ap-stat__note">{note}</p>}
    </li>
  );
}
