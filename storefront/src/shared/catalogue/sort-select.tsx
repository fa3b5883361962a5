import { useId } from 'react';
import type { BookSort } from '@mechabrim/contracts';
import { strings } from '../../strings.he';

/** A labelled select of book sort orders. */
export function SortSelect({
  value,
  onChange,
  options,
}: {
  value: BookSort;
  onChange: (s: BookSort) => void;
  options: readonly BookSort[];
}) {
  const id = useId();
  return (
    <div className="sf-field sf-field--inline">
      <label htmlFor={id}>{strings.common.sortBy}</label>
      <select
        id={id}
        className="sf-select"
        value={value}
        onChange={(e) => onChange(e.target.value as BookSort)}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {strings.sorts[o]}
          </option>
        ))}
      </select>
    </div>
  );
}
