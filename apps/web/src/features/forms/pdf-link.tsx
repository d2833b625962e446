import Link from '@mui/material/Link';

import { formApi } from '../../config/paths/api-forms';
import type { ResponseDetail } from './api';

/** A PDF form's file: the completed copy once there is one, else the blank form to read. */
export function PdfLink({ detail, portal }: { detail: ResponseDetail; portal: boolean }) {
  if (detail.pdf === null) return null;
  const id = detail.assignment.id;
  return (
    <Link href={portal ? formApi.myFormPdf(id) : formApi.responsePdf(id)} download>
      {detail.pdf.filled ? 'Download the completed PDF' : 'Download the PDF form'}
    </Link>
  );
}
