import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dropReversedRange, rangeError } from './date-range.ts';
import { compactFilter, type ListConfig, param, useFilterForm, useListParams } from './list-params.ts';

const USER = '6f1c1c8e-4b7e-4c89-9f5e-0a8f4a1e2b3c';
const CONFIG = {
  sortFields: { time: 'createdAt', user: 'email' },
  filters: { user: param.id, action: param.text(20), status: param.oneOf(['success', 'failure']), from: param.day, to: param.day },
  pageSize: 25,
  normalize: dropReversedRange,
} satisfies ListConfig<'user' | 'action' | 'status' | 'from' | 'to', 'createdAt' | 'email'>;

let latest: ReturnType<typeof useListParams<keyof typeof CONFIG.filters, 'createdAt' | 'email'>>;

const Probe = () => {
  const list = useListParams(CONFIG);
  latest = list;
  const form = useFilterForm(list, (f) => rangeError(f.from, f.to));
  return (
    <form onSubmit={form.apply}>
      <label htmlFor="action">Action</label>
      <input id="action" value={form.form.action} onChange={form.bind('action')} />
      <label htmlFor="from">From</label>
      <input id="from" value={form.form.from} onChange={form.bind('from')} />
      <label htmlFor="to">To</label>
      <input id="to" value={form.form.to} onChange={form.bind('to')} />
      <button type="submit">Apply</button>
      <button type="button" onClick={form.reset}>
        Reset
      </button>
      {form.error ? <p role="alert">{form.error}</p> : null}
    </form>
  );
};

const renderAt = (url: string) => {
  const router = createMemoryRouter([{ path: '/logs', Component: Probe }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  const search = () => router.state.location.search;
  return { router, search };
};

describe('useListParams', () => {
  it('reads page, rows per page, sort and filters from the URL', () => {
    renderAt(`/logs?user=${USER}&status=failure&from=2026-03-01&to=2026-03-31&sort=user&dir=desc&page=3&size=50`);
    expect(latest).toMatchObject({
      page: 3,
      pageSize: 50,
      sort: { columnId: 'user', direction: 'desc' },
      filters: { user: USER, action: '', status: 'failure', from: '2026-03-01', to: '2026-03-31' },
      sortInput: { field: 'email', direction: 'DESC' },
      pagination: { page: 3, pageSize: 50 },
      hasFilters: true,
    });
    expect(compactFilter(latest.activeFilters)).toEqual({ user: USER, status: 'failure', from: '2026-03-01', to: '2026-03-31' });
  });

  it('ignores what a hand-edited URL holds that the list does not allow', () => {
    renderAt(`/logs?user=42&status=deleted&action=${'x'.repeat(21)}&from=2026-02-30&sort=password&page=-2&size=1000`);
    expect(latest).toMatchObject({
      page: 1,
      pageSize: 25,
      sort: null,
      sortInput: null,
      filters: { user: '', action: '', status: '', from: '', to: '' },
      hasFilters: false,
    });
    renderAt('/logs?from=2026-03-10&to=2026-03-01&page=abc&sort=time&dir=sideways');
    expect(latest).toMatchObject({ page: 1, sort: { columnId: 'time', direction: 'asc' }, filters: { from: '2026-03-10', to: '' } });
  });

  it('writes each change as a new history entry with only what differs from the defaults, back to page 1 on a new sort or filter', () => {
    const { router, search } = renderAt('/logs?page=2&tab=members');
    act(() => latest.setPage(4));
    expect(search()).toBe('?tab=members&page=4');
    act(() => latest.setSort({ columnId: 'user', direction: 'asc' }));
    expect(search()).toBe('?tab=members&sort=user');
    act(() => latest.setPage(2));
    act(() => latest.setFilters({ status: 'success' }));
    expect(search()).toBe('?tab=members&status=success&sort=user');
    act(() => latest.setPageSize(100));
    expect(search()).toBe('?tab=members&status=success&sort=user&size=100');
    act(() => latest.setSort(null));
    expect(search()).toBe('?tab=members&status=success&size=100');
    const before = router.state.historyAction;
    act(() => latest.setFilters({ status: 'success' }));
    expect(router.state.historyAction).toBe(before);
    expect(search()).toBe('?tab=members&status=success&size=100');

    act(() => void router.navigate(-1));
    expect(search()).toBe('?tab=members&status=success&sort=user&size=100');
    act(() => void router.navigate(-1));
    act(() => void router.navigate(-1));
    expect(search()).toBe('?tab=members&sort=user&page=2');
    expect(latest).toMatchObject({ page: 2, sort: { columnId: 'user', direction: 'asc' }, filters: { status: '' } });
  });

  it('replaces the entry when asked, e.g. to move a page past the end back to the last page', () => {
    const { router, search } = renderAt('/logs?page=9');
    act(() => latest.setPage(3, { replace: true }));
    expect(search()).toBe('?page=3');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('useFilterForm', () => {
  it('applies typed filters to the URL, refuses a reversed range, resets, and follows the back button', async () => {
    const user = userEvent.setup();
    const { router, search } = renderAt('/logs?page=3');
    await user.type(screen.getByLabelText('Action'), '  login ');
    expect(search()).toBe('?page=3');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(search()).toBe('?action=login');

    await user.type(screen.getByLabelText('From'), '2026-03-10');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The start date must be on or before the end date');
    expect(search()).toBe('?action=login');

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(search()).toBe('');
    expect(screen.getByLabelText('Action')).toHaveValue('');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => void router.navigate(-1));
    expect(search()).toBe('?action=login');
    expect(screen.getByLabelText('Action')).toHaveValue('login');
  });
});
