import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Themed } from '../../../test/render.tsx';
import { CustomRangeForm } from './CustomRangeForm.tsx';
import { customRangeMessages, inputDate } from './ranges.ts';

afterEach(cleanup);

const today = inputDate(Date.now() / 1000);

const renderForm = (initial = { from: '', to: '' }) => {
  const onApply = vi.fn();
  const onCancel = vi.fn();
  render(
    <Themed>
      <CustomRangeForm title="Traffic" initial={initial} onApply={onApply} onCancel={onCancel} />
    </Themed>,
  );
  return { form: screen.getByRole('form', { name: 'Custom range of Traffic' }), onApply, onCancel };
};

const setDates = (form: HTMLElement, from: string, to: string) => {
  fireEvent.change(within(form).getByLabelText('From'), { target: { value: from } });
  fireEvent.change(within(form).getByLabelText('To'), { target: { value: to } });
};

describe('CustomRangeForm', () => {
  it('asks for both dates, and for an end that is not before the start', async () => {
    const { form, onApply } = renderForm();
    fireEvent.submit(form);
    expect(await within(form).findByText(customRangeMessages.from)).toBeTruthy();
    expect(within(form).getByText(customRangeMessages.to)).toBeTruthy();
    setDates(form, '2026-03-10', '2026-03-01');
    fireEvent.submit(form);
    expect(await within(form).findByText(customRangeMessages.order)).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('refuses a start in the future and a range over 800 days', async () => {
    const { form, onApply } = renderForm();
    setDates(form, '2999-01-01', '2999-01-02');
    fireEvent.submit(form);
    expect(await within(form).findByText(customRangeMessages.future)).toBeTruthy();
    setDates(form, '2020-01-01', today);
    fireEvent.submit(form);
    expect(await within(form).findByText(customRangeMessages.tooLong)).toBeTruthy();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('applies whole days up to today, offers no later day, and cancels on request', async () => {
    const { form, onApply, onCancel } = renderForm({ from: '2026-03-01', to: '2026-03-10' });
    expect((within(form).getByLabelText('To') as HTMLInputElement).max).toBe(today);
    fireEvent.click(within(form).getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0]?.[0]).toEqual({ from: '2026-03-01', to: '2026-03-10' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
