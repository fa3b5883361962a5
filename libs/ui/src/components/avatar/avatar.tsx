import { useState } from 'react';
import { uiStrings } from '../../strings.he';
import './avatar.css';

export interface AvatarProps {
  src?: string | null;
  name: string;
  size?: number;
  className?: string;
}

/** A round author picture; the default image (the name's initial on a warm disc) when missing or broken. */
export function Avatar({ src, name, size = 48, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const style = { inlineSize: size, blockSize: size };
  if (src && !failed) {
    return (
      <img
        className={`mb-avatar${className ? ` ${className}` : ''}`}
        src={src}
        alt={uiStrings.avatarAlt(name)}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        style={style}
        onError={() => setFailed(true)}
      />
    );
  }
  const initial = name.trim().charAt(0) || '?';
  return (
    <span
      className={`mb-avatar mb-avatar--default${className ? ` ${className}` : ''}`}
      role="img"
      aria-label={uiStrings.avatarAlt(name)}
      data-testid="avatar-default"
      style={{ ...style, fontSize: Math.round(size * 0.42) }}
    >
      <span aria-hidden="true">{initial}</span>
    </span>
  );
}
