import { useEffect, useState } from 'react';
import { Link } from '@mechabrim/routing';
import { useStats } from '@mechabrim/api-client';
import { strings } from '../../../strings.he';
import { PolicyLayout } from './policy-layout';

const p = strings.policies;
const numberFormat = new Intl.NumberFormat('he-IL');

/** `/author-compensation`. */
export function AuthorCompensationPage() {
  const c = p.compensation;
  return (
    <PolicyLayout title={c.title} intro={c.intro} sections={c.sections}>
      <div className="policy-actions">
        <Link to="/register" className="mb-button">
          {p.toRegister}
        </Link>
        <Link to="/how-to-upload" className="mb-button" data-variant="secondary">
          {p.toUploadGuide}
        </Link>
      </div>
    </PolicyLayout>
  );
}

/** `/how-to-upload`: a clickable five-step progress bar, step 1 first. */
export function HowToUploadPage() {
  const u = p.upload;
  const [step, setStep] = useState(0);
  const current = u.steps[step];
  // `step` only ever holds an index of `u.steps`.
  if (!current) return null;
  return (
    <PolicyLayout title={u.title} intro={u.intro}>
      <ol className="policy-steps" aria-label={u.stepsLabel}>
        {u.steps.map((s, i) => (
          <li key={s.title}>
            <button
              type="button"
              className={`policy-step${i < step ? ' policy-step--done' : ''}`}
              aria-current={i === step ? 'step' : undefined}
              onClick={() => setStep(i)}
            >
              <span className="policy-step__n" aria-hidden="true">
                {i + 1}
              </span>
              {s.title}
            </button>
          </li>
        ))}
      </ol>
      <section className="policy-step-panel" aria-live="polite">
        <h2 className="sf-section-title">{u.stepLabel(step + 1, current.title)}</h2>
        <p>{current.text}</p>
      </section>
      <div className="policy-actions">
        <Link to="/contact" className="mb-button" data-variant="secondary">
          {p.toContact}
        </Link>
        <Link to="/register" className="mb-button">
          {p.toRegister}
        </Link>
        <Link to="/how-it-works" className="mb-button" data-variant="secondary">
          {p.toHowItWorks}
        </Link>
      </div>
    </PolicyLayout>
  );
}

/** A number counting up from 0 to `target` over `durationMs`, starting after `delayMs` (spec §9). */
export function useCountUp(target: number, durationMs: number, delayMs: number): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (target <= 0) {
      setValue(0);
      return;
    }
    let frame = 0;
    let start = 0;
    const tick = (now: number) => {
      if (!start) start = now;
      const t = Math.min((now - start) / durationMs, 1);
      setValue(Math.round(target * (1 - (1 - t) ** 3)));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    const timer = setTimeout(() => (frame = requestAnimationFrame(tick)), delayMs);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [target, durationMs, delayMs]);
  return value;
}

/** `/how-it-works`: animated counters and the 100/10/5/85 flow. */
export function HowItWorksPage() {
  const h = p.howItWorks;
  const stats = useStats();
  // The ledger's figure once the API has answered; the spec's fixed one until then.
  const donated = useCountUp(
    Math.round(stats.data?.donated ?? Number(strings.home.donatedAmount)),
    3000,
    500,
  );
  const authors = useCountUp(stats.data?.authors ?? 0, 2500, 1000);
  return (
    <PolicyLayout title={h.title} intro={h.intro}>
      <dl className="policy-counters">
        <div>
          <dt>{h.donated}</dt>
          <dd>{numberFormat.format(donated)}</dd>
        </div>
        <div>
          <dt>{h.activeAuthors}</dt>
          <dd>{numberFormat.format(authors)}</dd>
        </div>
      </dl>
      <ol className="policy-flow">
        {h.flow.map((f) => (
          <li key={f.label}>
            <strong>
              <bdi>{f.value}</bdi>
            </strong>
            <span>{f.label}</span>
          </li>
        ))}
      </ol>
      <h2 className="sf-section-title">{h.detailTitle}</h2>
      <p className="policy-list">{h.detail}</p>
      <div className="policy-actions">
        <Link to="/" className="mb-button">
          {h.startBuying}
        </Link>
        <Link to="/authors" className="mb-button" data-variant="secondary">
          {h.discoverAuthors}
        </Link>
      </div>
    </PolicyLayout>
  );
}

/** `/shipping-policy`. */
export function ShippingPolicyPage() {
  const s = p.shipping;
  return (
    <PolicyLayout title={s.title} intro={s.intro}>
      <h2 className="sf-section-title">{s.optionsTitle}</h2>
      <div className="policy-table-wrap">
        <table className="policy-table">
          <thead>
            <tr>
              {s.columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {s.options.map((row) => (
              <tr key={row[0]}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th key={cell} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={cell}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2 className="sf-section-title">{s.freeTitle}</h2>
      <ul className="policy-list">
        {s.free.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <h2 className="sf-section-title">{s.internationalTitle}</h2>
      <ul className="policy-list">
        {s.international.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <h2 className="sf-section-title">{s.returnsTitle}</h2>
      <ul className="policy-list">
        {s.returns.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <h2 className="sf-section-title">{s.statsTitle}</h2>
      <dl className="policy-counters">
        {s.stats.map(([value, label]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      <p className="sf-muted">{s.hours}</p>
      <div className="policy-actions">
        <Link to="/contact" className="mb-button" data-variant="secondary">
          {p.toContact}
        </Link>
        <Link to="/" className="mb-button">
          {p.toHome}
        </Link>
      </div>
    </PolicyLayout>
  );
}

/** `/terms` — the site terms (opened by a full page load from the footer). */
export function TermsPage() {
  return (
    <PolicyLayout title={p.terms.title} updated intro={p.terms.intro} sections={p.terms.sections} />
  );
}

/** `/authors-terms` — 13 sections, a warning box and the agreement statement. */
export function AuthorsTermsPage() {
  const a = p.authorsTerms;
  return (
    <PolicyLayout
      title={a.title}
      updated
      sections={a.sections}
      before={
        <p className="policy-warning" role="note">
          {a.warning}
        </p>
      }
    >
      <p className="policy-agreement">{a.agreement}</p>
    </PolicyLayout>
  );
}
