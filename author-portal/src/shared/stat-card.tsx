import type { ReactNode } from 'react';

/** One figure of a dashboard: its label and its value. */
export function StatCard({
  label,
  value,
  tone,
}: {
  label: string;
  value: ReactNode;
  tone?: 'community';
}) {
  return (
    <li className="ap-card ap-stat" data-tone={tone}>
      <p className="ap-stat__label">{label}</p>
      <p className="ap-stat__value">{value}</p>
    </li>
  );
}
