import { useState } from 'react';
import { useNavigate } from '@mechabrim/routing';
import { useSession } from '@mechabrim/session';
import { ApiError } from '@mechabrim/session';
import { useFollows, useToggleFollow } from '@mechabrim/api-client';
import { strings } from '../../../strings.he';

const s = strings.follows;

/**
 * Follow or stop following the author; a signed-out reader is sent to sign in and back. The state
 * shown is the server's (the list is fetched again after each press).
 */
export function FollowButton({ authorId }: { authorId: string }) {
  const user = useSession((st) => st.user);
  const navigate = useNavigate();
  const follows = useFollows(user?._id);
  const toggle = useToggleFollow(user?._id);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  if (user?._id === authorId) return null;
  const following = Boolean(follows.data?.authors.some((author) => author.id === authorId));

  const press = () => {
    if (!user) {
      void navigate('/login', { state: { from: `/author/${authorId}` } });
      return;
    }
    toggle.mutate(
      { authorId, follow: !following },
      {
        onSuccess: (answer) => setMessage({ tone: 'ok', text: answer.message }),
        onError: (err) =>
          setMessage({
            tone: 'error',
            text: err instanceof ApiError && err.message ? err.message : s.error,
          }),
      },
    );
  };

  return (
    <div className="author-follow">
      <button
        type="button"
        className="mb-button"
        data-variant={following ? 'secondary' : undefined}
        aria-busy={toggle.isPending || undefined}
        disabled={toggle.isPending || (Boolean(user) && follows.isLoading)}
        onClick={press}
      >
        {following ? s.unfollow : s.follow}
      </button>
      {message ? (
        <p
          className={message.tone === 'ok' ? 'author-follow__note' : 'author-follow__error'}
          role={message.tone === 'ok' ? 'status' : 'alert'}
        >
          {message.text}
        </p>
      ) : (
        !following && <p className="author-follow__note">{s.followHint}</p>
      )}
    </div>
  );
}
