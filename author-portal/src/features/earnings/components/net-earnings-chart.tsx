import { formatPrice } from '@mechabrim/money';
import { strings } from '../../../strings.he';
import { monthLabel } from '../earnings-csv';

const s = strings.earnings;

const BAR = 36;
const GAP = 20;
const HEIGHT = 180;
const LABEL = 28;

/**
 * Monthly net earnings as bars, the oldest month on the right (months run in reading order).
 * One picture with a spoken summary; the exact figures are in the table beside it.
 */
export function NetEarningsChart({ months }: { months: { month: string; netEarnings: number }[] }) {
  const width = Math.max(months.length * (BAR + GAP) + GAP, 200);
  const high = Math.max(0, ...months.map((m) => m.netEarnings));
  const low = Math.min(0, ...months.map((m) => m.netEarnings));
  const span = high - low || 1;
  const plot = HEIGHT - LABEL;
  const zeroY = (high / span) * plot;
  const summary = s.chartSummary(
    months.map((m) => `${monthLabel(m.month)} ${formatPrice(m.netEarnings)}`).join('; '),
  );
  return (
    <figure className="ap-chart">
      <figcaption className="ap-section-title">{s.chartTitle}</figcaption>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        preserveAspectRatio="xMidYMid meet"
      >
        <line
          x1={0}
          x2={width}
          y1={zeroY}
          y2={zeroY}
          className="ap-chart__axis"
          aria-hidden="true"
        />
        {months.map((m, index) => {
          // Right to left: the first (oldest) month takes the rightmost slot.
          const x = width - GAP - BAR - index * (BAR + GAP);
          const h = (Math.abs(m.netEarnings) / span) * plot;
          const y = m.netEarnings >= 0 ? zeroY - h : zeroY;
          const [year, month] = m.month.split('-');
          return (
            <g key={m.month} aria-hidden="true" data-testid="chart-bar" data-month={m.month}>
              <rect
                x={x}
                y={y}
                width={BAR}
                height={Math.max(h, 1)}
                rx={3}
                className="ap-chart__bar"
                data-negative={m.netEarnings < 0 || undefined}
              />
              <text x={x + BAR / 2} y={HEIGHT - 8} textAnchor="middle" className="ap-chart__label">
                {`${month ?? ''}/${(year ?? '').slice(-2)}`}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
