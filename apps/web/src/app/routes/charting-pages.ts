import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';

import { paths } from '../../config/paths';
import { relative } from './relative-path';

/** Charting (issue 17): a client's records, a note, opening a session's note, and note templates. */
export function chartingPages(queryClient: QueryClient): RouteObject[] {
  return [
    {
      path: relative(paths.notesToDo.path),
      lazy: async () => ({
        Component: (await import('../../features/charting/lists/notes-to-do-page')).NotesToDoPage,
      }),
    },
    {
      path: relative(paths.noteTemplates.path),
      lazy: async () => ({
        Component: (await import('../../features/charting/templates/templates-page')).TemplatesPage,
      }),
    },
    {
      path: relative(paths.client.records.path),
      lazy: async () => {
        const route = await import('./charting-records');
        return { Component: route.RecordsRoute, loader: route.recordsLoader(queryClient) };
      },
    },
    {
      path: relative(paths.client.note.path),
      lazy: async () => {
        const route = await import('./charting-note');
        return { Component: route.NoteRoute, loader: route.noteLoader(queryClient) };
      },
    },
    {
      path: relative(paths.client.noteOfAttendee.path),
      lazy: async () => ({ Component: (await import('./charting-note')).OpenNoteRoute }),
    },
  ];
}
