import { useState } from 'react';

import { assets } from '../../config/paths.ts';
import { initials } from '../../lib/words.ts';
import classes from './UserAvatar.module.css';

export interface UserAvatarProps {
  src: string | null | undefined;
  /** The image's text alternative; '' when the name is shown beside it. */
  name: string;
  /** With no image (or one that fails), the circle shows these initials, e.g. "SK" for Sam Kim. */
  firstName?: string;
  lastName?: string;
  size?: number;
}

/**
 * An avatar image; without one, the person's initials (first and last name) in a circle, or the
 * default image when no name is given.
 */
export function UserAvatar({ src, name, firstName = '', lastName = '', size = 48 }: UserAvatarProps) {
  const [failed, setFailed] = useState(false);
  const letters = initials(firstName, lastName);
  const circle = { borderRadius: '50%', flex: 'none', width: size, height: size } as const;
  if ((!src || failed) && letters) {
    return (
      <span
        role={name ? 'img' : undefined}
        aria-label={name || undefined}
        aria-hidden={name ? undefined : true}
        data-testid="avatar-initials"
        data-initials={letters}
        className={classes.initials}
        style={{
          ...circle,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'var(--mantine-color-teal-1)',
          color: 'var(--mantine-color-brand-9)',
          fontWeight: 700,
          fontSize: Math.round(size * 0.4),
          lineHeight: 1,
          userSelect: 'none',
        }}
      />
    );
  }
  return (
    <img
      src={!src || failed ? assets.defaultAvatar : src}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
      style={{ ...circle, objectFit: 'cover', background: 'var(--mantine-color-default-hover)' }}
    />
  );
}
