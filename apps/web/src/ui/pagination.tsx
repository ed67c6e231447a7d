import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from './button.tsx';
import { Select } from './select.tsx';

export type TablePagination = {
  page: number;
  totalPages: number;
  totalCount: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Offers a rows-per-page choice among `pageSizes`. */
  onPageSizeChange?: (pageSize: number) => void;
  pageSizes?: readonly number[];
};

const results = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'result' : 'results'}`;

/** Where the reader is ("Page 2 of 4, 87 results"), previous/next, and rows per page when offered. */
export const Pagination = ({
  page,
  totalPages,
  totalCount,
  pageSize,
  onPageChange,
  onPageSizeChange,
  pageSizes = [],
  label,
}: TablePagination & { label: string }) => {
  const sizeId = useId();
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b);
  const offerSizes = onPageSizeChange && sizes.length > 1 && totalCount > (sizes[0] ?? 0);
  return (
    <nav
      aria-label={`${label} pages`}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm text-muted-foreground"
    >
      <p aria-live="polite">
        {totalCount === 0 ? 'No results' : totalPages > 1 ? `Page ${page} of ${totalPages}, ${results(totalCount)}` : results(totalCount)}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {offerSizes ? (
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId} className="whitespace-nowrap">
              Rows per page
            </label>
            <Select id={sizeId} value={String(pageSize)} onChange={(e) => onPageSizeChange(Number(e.target.value))} className="w-20">
              {sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        {totalPages > 1 ? (
          <>
            <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={page <= 1} aria-label="Previous page">
              <ChevronLeft aria-hidden="true" />
              <span className="hidden sm:inline">Previous</span>
            </Button>
            <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={page >= totalPages} aria-label="Next page">
              <span className="hidden sm:inline">Next</span>
              <ChevronRight aria-hidden="true" />
            </Button>
          </>
        ) : null}
      </div>
    </nav>
  );
};
