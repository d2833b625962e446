import { useSearchParams } from 'react-router';

import { ACCESS_KINDS, type AccessKind } from './api';
import type { AccessParam } from './access-filters';

const numberParam = (value: string | null) =>
  value !== null && /^\d+$/.test(value) ? Number(value) : undefined;

/**
 * The report's client, user and kind filters, kept in the address (the client profile
 * links here with `?patientId=`). `onChange` runs after every change of one of them.
 */
export function useAccessParams(onChange: () => void) {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = (ACCESS_KINDS as readonly string[]).includes(kindParam ?? '')
    ? (kindParam as AccessKind)
    : undefined;

  const setParam = (name: AccessParam, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
    onChange();
  };

  return {
    patientId: numberParam(params.get('patientId')),
    userId: numberParam(params.get('userId')),
    kind,
    setParam,
  };
}
