import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

import { billingRoutes } from '../../../config/paths/billing';
import { ChosenClient } from '../parts/chosen-client';
import { isPastTheEnd, PagedList } from '../parts/paged-list';
import { useStatements } from './api';
import { useClientFromAddress } from './client-from-address';
import { useStatementSearch } from './statement-search';
import { StatementsTable } from './statements-table';

/**
 * `/billing/statement/statementsReport` (spec-1 §2): the statements made, newest first, what
 * each said was due and how it went out. The client filter and page size are the remembered
 * billing statement search criteria (spec-1 §9), so they survive a reload within the session.
 */
export function StatementsReportPage() {
  const fromAddress = useClientFromAddress();
  const [search, setSearch] = useStatementSearch(fromAddress);
  const [page, setPage] = useState(0);
  const list = useStatements({
    patientId: search.client?.id,
    limit: search.pageSize,
    offset: page * search.pageSize,
  });
  // A page past the end (statements gone from the filter, a smaller page size): back to the
  // first, adjusted while rendering as React advises rather than in an effect.
  if (isPastTheEnd(list.data, page)) setPage(0);

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h4">
        Statements report
      </Typography>
      <Typography color="text.secondary">
        Every statement made, newest first: its period, the closing balance and amount due, who made
        it and when, and whether it was emailed or is downloaded to print or hand over.
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <ChosenClient
          label="Client"
          client={search.client}
          onChange={(client) => {
            setSearch({ ...search, client });
            setPage(0);
          }}
        />
        <Button
          component={RouterLink}
          to={billingRoutes.statement.getHref(search.client?.id)}
          variant="outlined"
        >
          Make a statement
        </Button>
      </Stack>
      <PagedList
        list={list}
        what="statements"
        empty={
          search.client
            ? `No statements made for ${search.client.name} yet.`
            : 'No statements made yet.'
        }
        page={page}
        pageSize={search.pageSize}
        onPage={setPage}
        onPageSize={(pageSize) => {
          setSearch({ ...search, pageSize });
          setPage(0);
        }}
      >
        {(data) => <StatementsTable rows={data.data} />}
      </PagedList>
    </Stack>
  );
}
