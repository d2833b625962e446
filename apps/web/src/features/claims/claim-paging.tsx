import TablePagination from '@mui/material/TablePagination';
import { useState } from 'react';

const PAGE_SIZES = [25, 50, 100];

export type ClaimPaging = {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  /** A new page size goes back to the first page. */
  setPageSize: (pageSize: number) => void;
};

/** The page and page size of one claim list (50 a page to start). */
export function useClaimPaging(): ClaimPaging {
  const [page, setPage] = useState(0);
  const [pageSize, setSize] = useState(50);
  return {
    page,
    pageSize,
    setPage,
    setPageSize: (size) => {
      setSize(size);
      setPage(0);
    },
  };
}

/** The claim lists' paging under their tables; a page past the end shows the last one. */
export function ClaimPagination({ total, paging }: { total: number; paging: ClaimPaging }) {
  const { page, pageSize, setPage, setPageSize } = paging;
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, Math.max(0, Math.ceil(total / pageSize) - 1))}
      rowsPerPage={pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_event, next) => {
        setPage(next);
      }}
      onRowsPerPageChange={(event) => {
        setPageSize(Number(event.target.value));
      }}
    />
  );
}
