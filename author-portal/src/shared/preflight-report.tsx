import { strings } from '../strings.he';

const s = strings.preflight;

/** One check of the print preflight (the worker's report; read defensively, it is stored as is). */
interface Check {
  id: string;
  status: string;
  title: string;
  measured?: string;
  expected?: string;
  explanation?: string;
  fix?: string;
}
interface Report {
  status: string;
  pages?: number | null;
  checks: Check[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The report, when the value looks like one (status and a list of checks). */
export function asPreflightReport(value: unknown): Report | null {
  if (!isRecord(value) || typeof value.status !== 'string') return null;
  const checks = Array.isArray(value.checks)
    ? value.checks.filter(
        (check): check is Check =>
          isRecord(check) && typeof check.title === 'string' && typeof check.status === 'string',
      )
    : [];
  return {
    status: value.status,
    pages: typeof value.pages === 'number' ? value.pages : null,
    checks,
  };
}

/** A book's preflight: the verdict, then each check with what was measured and how to fix it. */
export function PreflightReport({ report }: { report: unknown }) {
  const parsed = asPreflightReport(report);
  if (!parsed) return <p className="ap-preflight__none">{s.none}</p>;
  const tone =
    parsed.status === 'passed' ? 'success' : parsed.status === 'failed' ? 'danger' : undefined;
  return (
    <details className="ap-preflight" data-testid="preflight">
      <summary>
        {s.title}:{' '}
        <span className="ap-badge" data-tone={tone}>
          {s.status[parsed.status] ?? parsed.status}
        </span>
        {parsed.pages ? ` · ${s.pages(parsed.pages)}` : ''}
      </summary>
      <ul className="ap-preflight__checks">
        {parsed.checks.map((check) => (
          <li key={check.id} data-status={check.status}>
            <span
              className="ap-badge"
              data-tone={
                check.status === 'pass' ? 'success' : check.status === 'fail' ? 'danger' : undefined
              }
            >
              {s.check[check.status] ?? check.status}
            </span>{' '}
            <strong>{check.title}</strong>
            {check.measured ? (
              <span>
                {' '}
                · {s.measured}: {check.measured}
              </span>
            ) : null}
            {check.expected ? (
              <span>
                {' '}
                · {s.expected}: {check.expected}
              </span>
            ) : null}
            {check.explanation ? <p>{check.explanation}</p> : null}
            {check.fix ? (
              <p>
                {s.fix}: {check.fix}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
