import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Column, DataTable } from './data-table.tsx';

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

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1] as HTMLElement).getAllByRole('row');
const names = () => bodyRows().map((r) => r.firstElementChild?.textContent);

/** Answers media queries as a screen `width` pixels wide would (jsdom has no layout). */
const screenWidth = (width: number) => {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: Number(/min-width:\s*([\d.]+)rem/.exec(query)?.[1] ?? 0) * 16 <= width,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DataTable', () => {
  it('orders a list that is whole on screen from its headers: ascending, descending, as given; empty values last', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Things" columns={columns} rows={rows} getRowId={(r) => r.id} />);
    const name = screen.getByRole('columnheader', { name: 'Name' });
    expect(name).not.toHaveAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Alpha', 'beta', 'gamma']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(name).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['gamma', 'beta', 'Alpha']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(name).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['beta', 'Alpha', 'gamma']);
    await user.click(screen.getByRole('button', { name: 'Count' }));
    expect(names()).toEqual(['beta', 'gamma', 'Alpha']);
    await user.click(screen.getByRole('button', { name: 'Count' }));
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
    screen.getByRole('button', { name: 'Name' }).focus();
    await user.keyboard('{Enter}');
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'name', direction: 'asc' });
    expect(names()).toEqual(['beta', 'Alpha', 'gamma']);
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

  it('shows the loading, error and empty states instead of a blank table, and marks rows being replaced', () => {
    const { rerender } = render(<DataTable caption="Things" columns={columns} rows={[]} getRowId={(r) => r.id} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading things');
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    rerender(<DataTable caption="Things" columns={columns} rows={[]} getRowId={(r) => r.id} error={<p>Could not load</p>} />);
    expect(screen.getByText('Could not load')).toBeInTheDocument();
    rerender(<DataTable caption="Things" columns={columns} rows={[]} getRowId={(r) => r.id} empty={<p>Nothing yet</p>} />);
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
    rerender(<DataTable caption="Things" columns={columns} rows={rows} getRowId={(r) => r.id} refreshing />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(names()).toHaveLength(3);
  });

  it('says where the reader is, pages forward and back, and changes the rows per page', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    const { rerender } = render(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        pagination={{ page: 1, totalPages: 3, totalCount: 57, pageSize: 25, pageSizes: [10, 25, 50], onPageChange, onPageSizeChange }}
      />,
    );
    const pager = screen.getByRole('navigation', { name: 'Things pages' });
    expect(pager).toHaveTextContent('Page 1 of 3, 57 results');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
    rerender(
      <DataTable
        caption="Things"
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        pagination={{ page: 1, totalPages: 1, totalCount: 3, pageSize: 25, onPageChange }}
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Things pages' })).toHaveTextContent('3 results');
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
  });

  it('shows rows as cards with every column labelled on a narrow screen, and sorts from a "Sort by" choice', async () => {
    screenWidth(375);
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    const onRowActivate = vi.fn();
    const wide: Column<Row>[] = [
      { id: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
      { id: 'count', header: 'Count', sortable: true, className: 'hidden lg:table-cell', cell: (r) => r.count ?? '—' },
      { id: 'actions', header: 'Actions', hideHeader: true, cell: (r) => <button type="button">Edit {r.name}</button> },
    ];
    render(
      <DataTable
        caption="Things"
        columns={wide}
        rows={rows}
        getRowId={(r) => r.id}
        sort={null}
        onSortChange={onSortChange}
        onRowActivate={onRowActivate}
        rowLabel={(r) => `Open ${r.name}`}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('term')).toHaveTextContent('Count');
    expect(within(first).getByRole('definition')).toHaveTextContent('2');
    await user.click(within(first).getByRole('button', { name: 'Edit beta' }));
    expect(onRowActivate).not.toHaveBeenCalled();
    await user.click(within(first).getByRole('button', { name: 'Open beta' }));
    expect(onRowActivate).toHaveBeenCalledWith(rows[0]);
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Count, descending');
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'count', direction: 'desc' });
  });

  it('keeps the table from 768 px', () => {
    screenWidth(768);
    render(<DataTable caption="Things" columns={columns} rows={rows} getRowId={(r) => r.id} />);
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByLabelText('Sort by')).toBeNull();
  });

  it('renders only the rows in view of a 10,000-row list, and says how many there are', () => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(49);
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: String(i), name: `Row ${i}`, count: i }));
    render(<DataTable caption="Things" columns={columns} rows={many} getRowId={(r) => r.id} />);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '10001');
    const rendered = bodyRows();
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(100);
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '2');
  });
});
