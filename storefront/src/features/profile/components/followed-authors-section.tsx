import { useState } from 'react';
import { Link } from '@mechabrim/routing';
import { ApiError, useSession } from '@mechabrim/session';
import { Avatar } from '@mechabrim/ui';
import { useFollowMails, useFollows, useToggleFollow } from '@mechabrim/api-client';
import { strings } from '../../../strings.he';

const s = strings.follows;

/** The authors the reader follows, each with 'stop following', and the new-books mail's switch. */
export function FollowedAuthorsSection() {
  const user = useSession((st) => st.user);
  const follows = useFollows(user?._id);
  const toggle = useToggleFollow(user?._id);
  const mails = useFollowMails(user?._id);
  const [note, setNote] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const report = {
    onSuccess: (answer: { message: string }) => setNote({ tone: 'ok', text: answer.message }),
    onError: (err: unknown) =>
      setNote({
        tone: 'error',
        text: err instanceof ApiError && err.message ? err.message : s.error,
      }),
  };
  const authors = follows.data?.authors ?? [];
  const mailsOn = follows.data?.mails !== false;

  return (
    <section className="profile-card" aria-labelledby="profile-follows-title">
      <h2 id="profile-follows-title" className="profile-card__title">
        {s.profileTitle}
      </h2>
      {note && (
        <p
          className={note.tone === 'ok' ? 'profile-notice' : 'profile-failure'}
          role={note.tone === 'ok' ? 'status' : 'alert'}
        >
          {note.text}
        </p>
      )}
      {follows.isSuccess && authors.length === 0 ? (
        <p>{s.none}</p>
      ) : (
        <ul className="profile-follows">
          {authors.map((author) => (
            <li key={author.id} className="profile-follows__item">
              <Avatar src={author.avatar} name={author.name} size={40} />
              <Link to={`/author/${author.id}`}>{author.name}</Link>
              <button
                type="button"
                className="mb-button"
                data-variant="secondary"
                aria-label={s.unfollowName(author.name)}
                disabled={toggle.isPending}
                onClick={() => toggle.mutate({ authorId: author.id, follow: false }, report)}
              >
                {s.unfollow}
              </button>
            </li>
          ))}
        </ul>
      )}
      {follows.isSuccess && (
        <div className="profile-actions">
          <p>{mailsOn ? s.mailsOn : s.mailsOff}</p>
          <button
            type="button"
            className="mb-button"
            data-variant="secondary"
            disabled={mails.isPending}
            onClick={() => mails.mutate(!mailsOn, report)}
          >
            {mailsOn ? s.turnOff : s.turnOn}
          </button>
        </div>
      )}
    </section>
  );
}
