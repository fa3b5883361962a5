import { Link, useSearchParams } from '@mechabrim/routing';
import { Price } from '@mechabrim/ui';
import type { CommunityFund } from '@mechabrim/contracts';
import { useCommunityFund } from '../api/get-community-fund';
import { strings } from '../../../strings.he';
import { DonateNow } from './donate-now';
import { DonationResult, donationRefFrom } from './donation-result';
import { PolicyLayout } from './policy-layout';

const p = strings.policies;
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
