import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '@mechabrim/routing';
import { leaveSignedIn, sessionStore, useSession, type SessionUser } from '@mechabrim/session';
import { useClickOutside } from '@mechabrim/ui';
import { strings } from '../../../strings.he';
import { openQueueBoard } from '../api/open-queue-board';
import { getPortalUrl } from '../portal-url';

const s = strings.header.userMenu;

function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="header-icon">
      <path d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.4-8 5.5V21h16v-1.5c0-3.1-3.6-5.5-8-5.5z" />
    </svg>
  );
}

/** The standalone portal on its own origin, entered signed in; nothing when none is configured. */
function PortalLink({ url }: { url: string | null }) {
  if (!url) return null;
  return (
    <li>
      <a href={url} title={s.portalHint} onClick={(event) => void leaveSignedIn(event, url)}>
        {s.portal}
      </a>
    </li>
  );
}

type SignedInMenuProps = {
  user: SessionUser;
  /** Why the queue board did not open, under its button. */
  boardError: string | null;
  onShowQueueBoard: () => void;
  onLogout: () => void;
};

/** A signed-in user's menu: their screens by role, their orders, profile, wishlist and logout. */
function SignedInMenu({ user, boardError, onShowQueueBoard, onLogout }: SignedInMenuProps) {
  const portalUrl = getPortalUrl();
  return (
    <>
      <p className="user-menu__hello">{s.hello(user.name)}</p>
      <ul className="user-menu__list">
        {user.role === 'author' && (
          <li>
            <Link to="/author-dashboard">{s.dashboard}</Link>
          </li>
        )}
        {user.role === 'author' && <PortalLink url={portalUrl} />}
        {user.role === 'admin' && (
          <>
            <li>
              <Link to="/author-dashboard/moderation">{s.moderation}</Link>
            </li>
            <PortalLink url={portalUrl} />
            <li>
              <button type="button" title={s.queueBoardHint} onClick={onShowQueueBoard}>
                {s.queueBoard}
              </button>
              {boardError && (
                <p className="user-menu__error" role="alert">
                  {boardError}
                </p>
              )}
            </li>
          </>
        )}
        <li>
          <Link to="/orders">{s.orders}</Link>
        </li>
        <li>
          <Link to="/profile">{s.profile}</Link>
        </li>
        <li>
          <Link to="/wishlist">{s.wishlist}</Link>
        </li>
        <li>
          <button type="button" onClick={onLogout}>
            {s.logout}
          </button>
        </li>
      </ul>
    </>
  );
}

/** A guest's menu: sign in or register. */
function GuestMenu() {
  return (
    <ul className="user-menu__list">
      <li>
        <Link to="/login">{s.login}</Link>
      </li>
      <li>
        <Link to="/register">{s.register}</Link>
      </li>
    </ul>
  );
}

/**
 * Whether the menu is open (it closes on a click outside and on every route change), and what its
 * queue-board and logout buttons do.
 */
function useUserMenu() {
  const [open, setOpen] = useState(false);
  const [boardError, setBoardError] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const close = useCallback(() => setOpen(false), []);
  useClickOutside(ref, close, open);
  useEffect(close, [pathname, close]);

  const showQueueBoard = () => {
    setBoardError(null);
    openQueueBoard().then(
      () => setOpen(false),
      (error: unknown) => setBoardError(error instanceof Error ? error.message : String(error)),
    );
  };

  const logout = () => {
    void sessionStore.getState().logout();
    setOpen(false);
    void navigate('/');
  };

  return { open, setOpen, boardError, ref, buttonRef, showQueueBoard, logout };
}

/**
 * The account menu (spec §2): a guest gets login and register; a signed-in user gets the
 * dashboard (authors) or moderation and the queue board (admins), their orders, profile, wishlist
 * and logout. Logout clears the session and goes home. Authors and admins also get the
 * standalone portal on its own origin, where they arrive signed in (a single-use hand-over).
 */
export function UserMenu() {
  const user = useSession((st) => st.user);
  const { open, setOpen, boardError, ref, buttonRef, showQueueBoard, logout } = useUserMenu();
  const id = useId();

  return (
    // Escape pressed on any control inside the open menu closes it: the wrapper only listens to
    // keys that bubble up from the real controls, it is not a control itself.
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions
    <div
      className="user-menu"
      ref={ref}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="header-icon-button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={user ? s.signedInAs(user.name) : s.account}
        onClick={() => setOpen((o) => !o)}
      >
        <UserIcon />
      </button>
      <div id={`${id}-menu`} className="user-menu__panel" hidden={!open}>
        {user ? (
          <SignedInMenu
            user={user}
            boardError={boardError}
            onShowQueueBoard={showQueueBoard}
            onLogout={logout}
          />
        ) : (
          <GuestMenu />
        )}
      </div>
    </div>
  );
}
