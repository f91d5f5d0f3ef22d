import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { renderAt } from '../../test/render.tsx';
import { Pager } from './Pager.tsx';
import { useListState } from './use-list-state.ts';

function List({ lastPage }: { lastPage: number }) {
  const list = useListState();
  return <Pager page={list.page} lastPage={lastPage} onChange={list.setPage} label="Test pages" />;
}

afterEach(cleanup);

describe('Pager', () => {
  it('a page past the end moves to the last page, replacing the address (Back does not return to it)', async () => {
    const { router } = renderAt('/list?page=2', <List lastPage={3} />);
    await router.navigate('/list?page=40&search=x');
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/list?page=3&search=x'));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'First page' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/list?page=2'));
  });

  it('with no pages shows page 0 of 0 and leaves the address alone', async () => {
    renderAt('/list?page=5', <List lastPage={0} />);
    expect(screen.getByText('Page 0 of 0')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('/list?page=5');
  });

  it('next and last step through pages; first and previous hide on page 1', async () => {
    renderAt('/list', <List lastPage={4} />);
    expect(screen.queryByRole('button', { name: 'First page' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(screen.getByText('Page 4 of 4')).toBeTruthy());
    expect(screen.getByTestId('address').textContent).toBe('/list?page=4');
  });
});
