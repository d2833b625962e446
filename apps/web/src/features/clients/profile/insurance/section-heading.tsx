import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A section of the tab (the tab's own title is the h2). */
export function SectionHeading({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <Typography component="h3" variant="h6" {...(id ? { id } : {})}>
      {children}
    </Typography>
  );
}
