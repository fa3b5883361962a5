import { formatPrice } from '@mechabrim/money';
import { strings } from '../../../strings.he';
import { monthLabel } from '../earnings-csv';

const s = strings.earnings;

type Month = { month: string; netEarnings: number };

/** `YYYY-MM` of the month after `month`. */
function nextMonth(month: string): string {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  const next = new Date(Date.UTC(year, m, 1));
  return `${next.getUTCFullYear()}-${String(next.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Every month from the oldest to the newest one given, in order: a month the breakdown leaves out
 * (no sales) is there with zero, so the chart's gaps are months, not a squeezed time line.
 */
export function everyMonth(months: readonly Month[]): Month[] {
  const known = new Map(months.map((m) => [m.month, m.netEarnings]));
  const sorted = [...known.keys()].sort();
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return [];
  const all: Month[] = [];
  // At most ten years of months: a malformed month key cannot loop for ever.
  for (let month = first; month <= last && all.length < 120; month = nextMonth(month))
    all.push({ month, netEarnings: known.get(month) ?? 0 });
  return all;
}

/**
 * Monthly net earnings as bars with their figures, the oldest month on the right (months run in
 * reading order). It takes the section's whole width; with many months on a narrow screen it
 * scrolls sideways rather than shrink the figures. One picture with a spoken summary; the exact
 * figures are also in the table above it.
 */
export function NetEarningsChart({ months }: { months: Month[] }) {
  const all = everyMonth(months);
  const high = Math.max(0, ...all.map((m) => m.netEarnings));
  const low = Math.min(0, ...all.map((m) => m.netEarnings));
  const span = high - low || 1;
  // Where zero sits, in per cent of the plot's height from its bottom.
  const zero = (-low / span) * 100;
  const summary = s.chartSummary(
    all.map((m) => `${monthLabel(m.month)} ${formatPrice(m.netEarnings)}`).join('; '),
  );
  return (
    <figure className="ap-chart">
      <figcaption className="ap-section-title">{s.chartTitle}</figcaption>
      {/* Focusable, so a keyboard scrolls the months that do not fit a phone's width (axe's
          scrollable-region-focusable); the picture's summary is its name. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- a scrolled region takes the keyboard */}
      <div className="ap-chart__scroll" role="img" aria-label={summary} tabIndex={0}>
        <div className="ap-chart__plot">
          {all.map((m) => {
            const height = (Math.abs(m.netEarnings) / span) * 100;
            const [year, month] = m.month.split('-');
            return (
              <div
                key={m.month}
                className="ap-chart__month"
                aria-hidden="true"
                data-testid="chart-bar"
                data-month={m.month}
              >
                <span className="ap-chart__value">{formatPrice(m.netEarnings)}</span>
                <span className="ap-chart__area">
                  <span className="ap-chart__zero" style={{ insetBlockEnd: `${zero}%` }} />
                  <span
                    className="ap-chart__bar"
                    data-negative={m.netEarnings < 0 || undefined}
                    style={
                      m.netEarnings < 0
                        ? { insetBlockStart: `${100 - zero}%`, blockSize: `${height}%` }
                        : { insetBlockEnd: `${zero}%`, blockSize: `${height}%` }
                    }
                  />
                </span>
                <span className="ap-chart__label">{`${month ?? ''}/${(year ?? '').slice(-2)}`}</span>
              </div>
            );
          })}
        </div>
      </div>
    </figure>
  );
}
