import type { RecordsQuery } from '../api/keys';

export const RECORDS_PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_SIZE = 50;

/** The records list's filters and page, as the address keeps them (so Back returns to them). */
export type RecordsView = {
  therapistId: number | null;
  type: 'note' | 'addendum' | null;
  page: number;
  size: number;
};

const positive = (text: string | null): number | null => {
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
};

export function viewOf(params: URLSearchParams): RecordsView {
  const type = params.get('type');
  const size = positive(params.get('size'));
  return {
    therapistId: positive(params.get('therapist')),
    type: type === 'note' || type === 'addendum' ? type : null,
    page: (positive(params.get('page')) ?? 1) - 1,
    size: RECORDS_PAGE_SIZES.find((s) => s === size) ?? DEFAULT_SIZE,
  };
}

export function paramsOf(view: RecordsView): Record<string, string> {
  const out: Record<string, string> = {};
  if (view.therapistId !== null) out.therapist = String(view.therapistId);
  if (view.type !== null) out.type = view.type;
  if (view.page > 0) out.page = String(view.page + 1);
  if (view.size !== DEFAULT_SIZE) out.size = String(view.size);
  return out;
}

export function queryOf(view: RecordsView): RecordsQuery {
  return {
    ...(view.therapistId !== null ? { therapistId: view.therapistId } : {}),
    ...(view.type !== null ? { type: view.type } : {}),
    limit: view.size,
    offset: view.page * view.size,
  };
}
