import { Link } from '@mechabrim/routing';
import { Breadcrumb, Icon, useDelayedFlag } from '@mechabrim/ui';
import { useStats } from '@mechabrim/api-client';
import { strings } from '../../../strings.he';
import './about.css';

const s = strings.about;
const numberFormat = new Intl.NumberFormat('he-IL');

/** A drawn shelf of books: the page's image, inline so it needs no request and never shifts. */
function ShelfImage() {
  const spines = [
    ['#a4431d', 36, 150],
    ['#1d5f8a', 28, 170],
    ['#22684a', 40, 140],
    ['#c79a3a', 30, 160],
    ['#5b6170', 34, 175],
    ['#8a3a17', 26, 150],
    ['#164a6c', 38, 165],
    ['#b8740f', 30, 145],
    ['#2f6b3a', 36, 172],
    ['#a4431d', 28, 158],
  ] as const;
  let x = 20;
  return (
    <svg className="about-image" viewBox="0 0 420 220" role="img" aria-label={s.imageAlt}>
      <rect x="0" y="0" width="420" height="220" rx="12" fill="#f5f0e6" />
      {spines.map(([color, w, h], i) => {
        const el = <rect key={i} x={x} y={195 - h} width={w} height={h} rx="3" fill={color} />;
        x += w + 4;
        return el;
      })}
      <rect x="10" y="195" width="400" height="10" rx="3" fill="#8a6a4a" />
    </svg>
  );
}

/** `/about` — hero, mission, the split with the charity link, an image, the site's figures. */
export function AboutPage() {
  const stats = useStats();
  const on = useDelayedFlag(100);
  const fade = `sf-fade-in${on ? ' sf-fade-in--on' : ''}`;
  return (
    <div className="sf-page about-page">
      <Breadcrumb items={[{ label: strings.common.home, to: '/' }, { label: s.title }]} />
      <div className="about-hero">
        <h1 className="sf-page-title">{s.title}</h1>
        <p className="sf-lead">{s.heroText}</p>
      </div>
      <div className={`about-grid ${fade}`}>
        <section aria-labelledby="about-mission">
          <h2 id="about-mission" className="sf-section-title">
            {s.missionTitle}
          </h2>
          <p className="about-text">{s.mission}</p>
          <h2 className="sf-section-title">{s.splitTitle}</h2>
          <p className="about-text">{s.split}</p>
          <p className="about-links">
            <a
              href={s.charitySiteUrl}
              className="sf-link"
              target="_blank"
              rel="noopener noreferrer"
              data-testid="charity-site"
            >
              {s.charitySiteLink} <Icon name="external" />
              <span className="mb-visually-hidden"> {s.newTab}</span>
            </a>
            <Link to={s.charityUrl} className="sf-link">
              {s.charityLink} ‹
            </Link>
          </p>
        </section>
        <ShelfImage />
      </div>
      <section className={`sf-section ${fade}`} aria-labelledby="about-stats">
        <h2 id="about-stats" className="sf-section-title">
          {s.statsTitle}
        </h2>
        <dl className="about-stats">
          <div>
            <dt>{s.statAuthors}</dt>
            <dd>{stats.isPending ? '…' : numberFormat.format(stats.data?.authors ?? 0)}</dd>
          </div>
          <div>
            <dt>{s.statBooks}</dt>
            <dd>{stats.isPending ? '…' : numberFormat.format(stats.data?.books ?? 0)}</dd>
          </div>
        </dl>
        <Link to="/books" className="mb-button">
          {s.toBooks}
        </Link>
      </section>
    </div>
  );
}
