import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from '@mechabrim/routing';
import { useSession } from '@mechabrim/session';
import { Avatar } from '@mechabrim/ui';
import { SiteLink } from '../shared/site-link';
import { VerifyEmailNotice } from '../shared/verify-email-notice';
import { strings } from '../strings.he';
import '../shared/portal.css';

const s = strings.frame;

/** The sections of the dashboard (spec §2, and payouts of issue 23), in reading order. */
export const SECTIONS = [
  { to: '/author-dashboard', label: s.sections.overview, end: true },
  { to: '/author-dashboard/books', label: s.sections.books, end: false },
  { to: '/author-dashboard/orders', label: s.sections.orders, end: false },
  { to: '/author-dashboard/earnings', label: s.sections.earnings, end: false },
  { to: '/author-dashboard/payouts', label: s.sections.payouts, end: false },
  { to: '/author-dashboard/profile', label: s.sections.profile, end: false },
] as const;

/**
 * An admin's sections: moderation (issue 12), refunds and returns (issue 22), the payout runs and
 * the community fund's projects (issue 23).
 */
const ADMIN_SECTIONS = [
  { to: '/author-dashboard/moderation', label: strings.moderation.title, end: false },
  { to: '/author-dashboard/refunds', label: strings.refunds.title, end: false },
  { to: '/author-dashboard/payout-runs', label: strings.screens.payoutRuns, end: false },
  { to: '/author-dashboard/community', label: strings.communityFund.title, end: false },
] as const;

/**
 * The dashboard's frame: who is signed in (avatar, name, role), the five sections, the upload
 * button and the way back to the site; the screen below it.
 */
export function PortalFrame({ children }: { children: ReactNode }) {
  const user = useSession((state) => state.user);
  // The overview greets the author by name in its heading; the bar then shows the name only to
  // screen readers, so a sighted author reads it once (issue 27 item 19).
  const { pathname } = useLocation();
  const greeted = pathname.replace(/\/+$/, '') === '/author-dashboard';
  const isAdmin = user?.role === 'admin';
  const sections = isAdmin ? ADMIN_SECTIONS : SECTIONS;
  return (
    <div className="ap-frame">
      <div className="ap-frame__bar">
        <div className="ap-frame__inner mb-container">
          <div className="ap-frame__who">
            <Avatar src={user?.avatar ?? null} name={user?.name ?? ''} size={36} />
            <div>
              <p className={greeted ? 'mb-visually-hidden' : 'ap-frame__name'}>{user?.name}</p>
              <p className="ap-frame__role">{s.roles[user?.role ?? 'author'] ?? ''}</p>
            </div>
          </div>
          <nav className="ap-frame__nav" aria-label={s.navLabel}>
            <ul>
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to} end={section.end} className="ap-frame__link">
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ap-frame__actions">
            {!isAdmin && (
              <Link className="mb-button" to="/book/upload">
                {s.upload}
              </Link>
            )}
            <SiteLink className="mb-button">{s.backToSite}</SiteLink>
          </div>
        </div>
      </div>
      <div className="ap-frame__body mb-container">
        <VerifyEmailNotice />
        {children}
      </div>
    </div>
  );
}
