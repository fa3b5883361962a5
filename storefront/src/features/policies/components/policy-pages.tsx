import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@mechabrim/routing';
import { Price } from '@mechabrim/ui';
import { useStats } from '@mechabrim/api-client';
import type { CommunityFund } from '@mechabrim/contracts';
import { useCommunityFund } from '../api/get-community-fund';
import { strings } from '../../../strings.he';
import { DonateNow } from './donate-now';
import { DonationResult, donationRefFrom } from './donation-result';
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

/** `YYYY-MM` as a Hebrew month and year ("מרץ 2026"). */
const monthFormat = new Intl.DateTimeFormat('he-IL', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const monthName = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** The projects as the page shows them: the fund's own once it has any, else the spec's samples. */
function DonationProjects({ fund }: { fund: CommunityFund | undefined }) {
  const d = p.donation;
  if (!fund?.projects.length) {
    return (
      <ul className="policy-projects">
        {d.projects.map((project) => (
          <li key={project.name}>
            <h3>{project.name}</h3>
            <p>{project.description}</p>
            <p>
              {d.supported}: <Price value={project.amount} />
            </p>
            <span className={`policy-status${project.active ? ' policy-status--active' : ''}`}>
              {project.active ? d.statusActive : d.statusSetup}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="policy-projects">
      {fund.projects.map((project) => (
        <li key={project.id}>
          <h3>{project.name}</h3>
          {project.description && <p>{project.description}</p>}
          <p>
            {d.target}: <Price value={project.target} />
          </p>
          <p>
            {d.received}: <Price value={project.received} />
          </p>
          <progress
            max={project.target}
            value={Math.min(project.received, project.target)}
            aria-label={d.progressLabel(project.name)}
          />
          <span
            className={`policy-status${project.status === 'active' ? ' policy-status--active' : ''}`}
          >
            {project.status === 'active' ? d.statusActive : d.statusSetup}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The fund month by month, from the ledger (shown once it holds any money). */
function FundByMonth({ fund }: { fund: CommunityFund }) {
  const d = p.donation;
  return (
    <section aria-labelledby="policy-fund-title">
      <h2 id="policy-fund-title" className="sf-section-title">
        {d.fundTitle}
      </h2>
      <p>{d.fundIntro}</p>
      <dl className="policy-fund-totals">
        <div>
          <dt>{d.fundTotal}</dt>
          <dd>
            <Price value={fund.total} />
          </dd>
        </div>
        <div>
          <dt>{d.fundAllocated}</dt>
          <dd>
            <Price value={fund.allocated} />
          </dd>
        </div>
        <div>
          <dt>{d.fundBalance}</dt>
          <dd>
            <Price value={fund.balance} />
          </dd>
        </div>
      </dl>
      <div
        className="policy-table-scroll"
        role="region"
        aria-labelledby="policy-fund-title"
        // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too (WCAG 2.1.1).
        // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex
        tabIndex={0}
      >
        <table className="policy-table">
          <thead>
            <tr>
              <th scope="col">{d.month}</th>
              <th scope="col">{d.monthReceived}</th>
              <th scope="col">{d.monthDonations}</th>
              <th scope="col">{d.monthAllocated}</th>
            </tr>
          </thead>
          <tbody>
            {fund.months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthName(month.month)}</th>
                <td>
                  <Price value={month.received} />
                </td>
                <td>
                  <Price value={month.donations} />
                </td>
                <td>
                  <Price value={month.allocated} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * `/community-donation`: the fund's projects with their targets and what each received, and the
 * fund month by month, all from the ledger (`GET /api/community/fund`, issue 23); until the fund
 * has projects (or when the API cannot answer), the spec's sample projects. 'Donate now' opens
 * the form of a direct donation; back from the payment page (`?donation=<ref>`), the page first
 * says what the server confirmed.
 */
export function CommunityDonationPage() {
  const d = p.donation;
  const fund = useCommunityFund();
  const [params] = useSearchParams();
  const donationRef = donationRefFrom(params.get('donation'));
  return (
    <PolicyLayout title={d.title} intro={d.intro}>
      {donationRef && <DonationResult donationRef={donationRef} />}
      <h2 className="sf-section-title">{d.projectsTitle}</h2>
      <DonationProjects fund={fund.data} />
      {fund.data && fund.data.months.length > 0 && <FundByMonth fund={fund.data} />}
      <div className="policy-actions">
        <a href="#donate" className="mb-button">
          {d.donateNow}
        </a>
        {/* Bank transfers are arranged with the team: the contact form, its subject preset. */}
        <Link to="/contact?subject=donation" className="mb-button" data-variant="secondary">
          {d.transferDetails}
        </Link>
        <Link to="/register" className="mb-button" data-variant="secondary">
          {d.register}
        </Link>
      </div>
      <DonateNow />
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
