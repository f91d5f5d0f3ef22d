import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ApiError } from '../../lib/api-error.ts';
import { Themed } from '../../test/render.tsx';
import { FormErrors } from './FormErrors.tsx';

afterEach(cleanup);

const fieldError = () =>
  new ApiError('VALIDATION_ERROR', 'The given data was invalid.', 422, {
    email_nm: ['The email nm has already been taken.'],
    first_nm: ['The first nm field is required.'],
  });

function Form({ error }: { error: unknown }) {
  return (
    <Themed>
      <form>
        <FormErrors error={error} />
        <input name="email_nm" aria-label="Email" />
        <input name="first_nm" aria-label="First name" />
        <input name="other" aria-label="Other" />
      </form>
    </Themed>
  );
}

describe('FormErrors', () => {
  it('clears a server field message when that field changes, keeping the others', () => {
    render(<Form error={fieldError()} />);
    expect(screen.getByText('The email nm has already been taken.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Other'), { target: { value: 'x' } });
    expect(screen.getByText('The email nm has already been taken.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    expect(screen.queryByText('The email nm has already been taken.')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('The first nm field is required.');
    fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Ann' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a new error after another submit shows all its messages again', () => {
    const { rerender } = render(<Form error={fieldError()} />);
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'a' } });
    expect(screen.queryByText('The email nm has already been taken.')).toBeNull();
    rerender(<Form error={fieldError()} />);
    expect(screen.getByText('The email nm has already been taken.')).toBeTruthy();
  });

  it("keeps a message that is not about a field (the server's message)", () => {
    render(<Form error={new ApiError('FORBIDDEN', 'You do not have permission to do that.', 403)} />);
    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'a' } });
    expect(screen.getByRole('alert').textContent).toBe('You do not have permission to do that.');
  });
});
