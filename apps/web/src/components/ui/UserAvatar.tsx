import { useState } from 'react';

import { assets } from '../../config/paths.ts';

export interface UserAvatarProps {
  src: string | null | undefined;
  name: string;
  size?: number;
}

/** An avatar image that falls back to the default image when missing or failing to load. */
export function UserAvatar({ src, name, size = 48 }: UserAvatarProps) {
  const [failed, setFailed] = useState(false);
  const url = !src || failed ? assets.defaultAvatar : src;
  return (
    <img
      src={url}
      alt={name}
      width={size}
      height={size}
      loading="lazy"
      onError={() => setFailed(true)}
      style={{ borderRadius: '50%', objectFit: 'cover', flex: 'none', background: 'var(--mantine-color-gray-1)' }}
    />
  );
}
