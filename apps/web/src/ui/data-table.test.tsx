import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Column, DataTable, nextSort, sortRows } from './data-table.tsx';

type Row = { id: string; name: string; count: number | null };
const rows: Row[] = [
  { id: 'a', name: 'beta', count: 2 },
  { id: 'b', name: 'Alpha', count: null },
  { id: 'c', name: 'gamma', count: 10 },
];
const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', sortValue: (r) => r.name, cell: (r) => r.name },
  { id: 'count', header: 'Count', sortValue: (r) => r.count, cell: (r) => r.count ?? '—' },
];

const names = () =>
  within(screen.getAllByRole('rowgroup')[1] as HTMLElement)
    .getAllByRole('row')
    .map((r) => r.firstElementChild?.textContent);

describe('sortRows', () => {
  it('sorts case-insensitively, numbers numerically, empty values last in both directions', () => {
    expect(sortRows(rows, columns, { columnId: 'name', direction: 'asc' }).map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortRows(rows, columns, { columnId: 'count', direction: 'asc' }).map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(sortRows(rows, columns, { columnId: 'count', direction: 'desc' }).map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(sortRows(rows, columns, null).map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });
  it('cycles ascending, descending, unsorted', () => {
    expect(nextSort(null, 'name')).toEqual({ columnId: 'name', direction: 'asc' });
    expect(nextSort({ columnId: 'name', direction: 'asc' }, 'name')).toEqual({ columnId: 'name', direction: 'desc' });
    expect(nextSort({ columnId: 'name', direction: 'desc' }, 'name')).toBeNull();
    expect(nextSort({ columnId: 'name', direction: 'desc' }, 'count')).toEqual({ columnId: 'count', direction: 'asc' });
  });
});

describe('DataTable', () => {
  it('sorts from its header buttons and says so with aria-sort', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Things" columns={columns} rows={rows} getRowId={(r) => r.id} />);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Alpha', 'beta', 'gamma']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['gamma', 'beta', 'Alpha']);
  });

  it('leaves ordering to the caller for server-sorted columns, by keyboard too, keeping the rows as given', async () => {
    const user = userEvent.setup();
    const serverColumns: Column<Row>[] = [
      { id: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
      { id: 'count', header: 'Count', cell: (r) => r.count ?? '—' },
    ];
    const onSortChange = vi.fn();
    const { rerender } = render(
      <DataTable caption="Things" columns={serverColumns} rows={rows} getRowId={(r) => r.id} sort={null} onSortChange={onSortChange} />,
    );
    expect(screen.queryByRole('button', { name: 'Count' })).toBeNull();
    const header = screen.getByRole('button', { name: 'Name' });
    header.focus();
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'name', direction: 'asc' });
    rerender(
      <DataTable
        caption="Things"
        columns={serverColumns}
        rows={rows}
        getRowId={(r) => r.id}
        sort={{ columnId: 'name', direction: 'desc' }}
        onSortChange={onSortChange}
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['beta', 'Alpha', 'gamma']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith(null);
  });

  it('moves between rows with the arrow keys and opens one with Enter', async () => {
    const user = userEvent.setup();
    const onRowActivate = vi.fn();
    render(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        onRowActivate={onRowActivate}
        rowLabel={(r) => r.name}
      />,
    );
    await user.tab();
    expect(screen.getByRole('region', { name: 'Things' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('row', { name: 'beta' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('row', { name: 'Alpha' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('row', { name: 'gamma' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onRowActivate).toHaveBeenCalledWith(rows[2]);
    expect(screen.getByRole('row', { name: 'beta' })).toHaveAttribute('tabindex', '-1');
  });

  it('shows the loading, error and empty states instead of a blank table', () => {
    const { rerender } = render(<DataTable caption="Things" columns={columns} rows={[]} getRowId={(r) => r.id} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading things');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    rerender(<DataTable caption="Things" columns={columns} rows={[]} getRowId={(r) => r.id} error={<p>Could not load</p>} />);
    expect(screen.getByText('Could not load')).toBeInTheDocument();
    rerender(<DataTable caption="Things" columns={columns} rows={[]} getRowId={(r) => r.id} empty={<p>Nothing yet</p>} />);
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
  });

  it('pages forward and back, and disables what is not possible', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        pagination={{ page: 1, totalPages: 3, totalCount: 7, pageSize: 3, onPageChange }}
      />,
    );
    expect(screen.getByText('Showing 1–3 of 7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
