import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { UserAvatar } from './UserAvatar.tsx';

afterEach(cleanup);

describe('UserAvatar', () => {
  it('without an image shows initials from first and last name', () => {
    render(<UserAvatar src={null} name="Sam Kim" firstName="Sam" lastName="Kim" size={32} />);
    expect(screen.getByRole('img', { name: 'Sam Kim' }).getAttribute('data-initials')).toBe('SK');
  });

  it('with an image shows the image', () => {
    render(<UserAvatar src="/a.png" name="Sam Kim" firstName="Sam" lastName="Kim" />);
    expect(screen.getByRole('img', { name: 'Sam Kim' }).getAttribute('src')).toBe('/a.png');
  });
});
