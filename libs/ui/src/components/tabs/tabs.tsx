import './tabs.css';

/** One tab: its key, its word and, when known, how many items it holds. */
export interface TabItem<Key extends string> {
  key: Key;
  label: string;
  /** Said after the word, 'הכול (12)'; left out while unknown. */
  count?: number;
}

export interface TabsProps<Key extends string> {
  /** The tab list's name for screen readers (e.g. 'סינון ההזמנות'). */
  label: string;
  tabs: readonly TabItem<Key>[];
  selected: Key;
  onSelect: (key: Key) => void;
}

/** A row of filter tabs over a list; the screen draws the panel (role tabpanel) under it. */
export function Tabs<Key extends string>({ label, tabs, selected, onSelect }: TabsProps<Key>) {
  return (
    <div className="mb-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.key}
          type="button"
          role="tab"
          className="mb-tab"
          aria-selected={tab.key === selected}
          onClick={() => onSelect(tab.key)}
        >
          {tab.count === undefined ? tab.label : `${tab.label} (${tab.count})`}
        </button>
      ))}
    </div>
  );
}
