import type { ReactNode } from 'react';
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

const DIMENSIONS = /(\d+(?:\.\d+)?\s*[×x]\s*\d+(?:\.\d+)?)/g;

/**
 * Text with every `width×height` kept left to right. In a right-to-left line the bidi algorithm
 * would otherwise show "148×210" as "210×148" in some places and not in others; isolated, a size
 * always reads width × height, as print specifications write it.
 */
export function withDimensions(text: string): ReactNode[] {
  return text.split(DIMENSIONS).map((part, index) =>
    index % 2 === 1 ? (
      <bdi key={index} dir="ltr" className="ap-dims">
        {part.replace(/\s*[×x]\s*/, ' × ')}
      </bdi>
    ) : (
      part
    ),
  );
}

const CHECK_TONE: Record<string, 'success' | 'danger' | undefined> = {
  pass: 'success',
  fail: 'danger',
};

/**
 * A book's preflight: the verdict, then each check with what was measured against what is
 * expected, why it matters and how to fix it. It takes the width it is given: a row per check
 * with its figures side by side on a wide screen, stacked on a phone.
 */
export function PreflightReport({ report, open = false }: { report: unknown; open?: boolean }) {
  const parsed = asPreflightReport(report);
  if (!parsed) return <p className="ap-preflight__none">{s.none}</p>;
  const tone =
    parsed.status === 'passed' ? 'success' : parsed.status === 'failed' ? 'danger' : undefined;
  return (
    <details className="ap-preflight" data-testid="preflight" open={open}>
      <summary>
        {s.title}:{' '}
        <span className="ap-badge" data-tone={tone}>
          {s.status[parsed.status] ?? parsed.status}
        </span>
        {parsed.pages ? ` · ${s.pages(parsed.pages)}` : ''}
      </summary>
      <ul className="ap-preflight__checks">
        {parsed.checks.map((check) => (
          <li key={check.id} className="ap-preflight__check" data-status={check.status}>
            <p className="ap-preflight__head">
              <span className="ap-badge" data-tone={CHECK_TONE[check.status]}>
                {s.check[check.status] ?? check.status}
              </span>{' '}
              <strong>{check.title}</strong>
            </p>
            {check.measured || check.expected ? (
              <dl className="ap-preflight__figures">
                {check.measured ? (
                  <div>
                    <dt>{s.measured}</dt>
                    <dd>{withDimensions(check.measured)}</dd>
                  </div>
                ) : null}
                {check.expected ? (
                  <div>
                    <dt>{s.expected}</dt>
                    <dd>{withDimensions(check.expected)}</dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
            {check.explanation ? <p>{withDimensions(check.explanation)}</p> : null}
            {check.fix ? (
              <p>
                <strong>{s.fix}:</strong> {withDimensions(check.fix)}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
