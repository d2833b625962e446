/**
 * The directory's filters live in the address (`?specialty=Anxiety&telehealth=yes`),
 * so a search can be shared, bookmarked and reloaded. Pure.
 */
import { DIRECTORY_PAGE_SIZE, type DirectorySearch } from './api';

export type TelehealthChoice = 'any' | 'yes' | 'no';

export interface DirectoryFilterValues {
  text: string;
  specialty: string;
  locationId: string;
  telehealth: TelehealthChoice;
  insurance: string;
  acceptingNewClients: boolean;
  page: number;
}

const positiveInt = (value: string | null): number | undefined => {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
};

export function filtersFromParams(params: URLSearchParams): DirectoryFilterValues {
  const telehealth = params.get('telehealth');
  return {
    text: params.get('text') ?? '',
    specialty: params.get('specialty') ?? '',
    locationId: positiveInt(params.get('locationId'))?.toString() ?? '',
    telehealth: telehealth === 'yes' || telehealth === 'no' ? telehealth : 'any',
    insurance: params.get('insurance') ?? '',
    acceptingNewClients: params.get('accepting') === '1',
    page: Math.max(0, (positiveInt(params.get('page')) ?? 1) - 1),
  };
}

/** The address's query for these filters; defaults are left out. */
export function paramsFromFilters(values: DirectoryFilterValues): URLSearchParams {
  const params = new URLSearchParams();
  if (values.text.trim()) params.set('text', values.text.trim());
  if (values.specialty) params.set('specialty', values.specialty);
  if (values.locationId) params.set('locationId', values.locationId);
  if (values.telehealth !== 'any') params.set('telehealth', values.telehealth);
  if (values.insurance) params.set('insurance', values.insurance);
  if (values.acceptingNewClients) params.set('accepting', '1');
  if (values.page > 0) params.set('page', String(values.page + 1));
  return params;
}

/** The server's search for these filters, within a practice when one is given. */
export function searchOf(
  values: DirectoryFilterValues,
  practiceId: number | undefined,
): DirectorySearch {
  return {
    practiceId,
    text: values.text.trim() || undefined,
    specialty: values.specialty || undefined,
    locationId: values.locationId ? Number(values.locationId) : undefined,
    telehealth: values.telehealth === 'any' ? undefined : values.telehealth === 'yes',
    insurance: values.insurance || undefined,
    acceptingNewClients: values.acceptingNewClients ? true : undefined,
    offset: values.page * DIRECTORY_PAGE_SIZE,
  };
}
