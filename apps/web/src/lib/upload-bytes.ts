import { api, ApiError, NETWORK_ERROR_MESSAGE } from './api-client';

/**
 * Sends a file's bytes as they are (the server checks them by content), with the CSRF header
 * like any change, and answers the JSON reply; a refusal becomes an ApiError with its message.
 * For uploads the JSON client cannot carry: the practice logo, a PDF form.
 */
export async function uploadBytes<T>(method: 'PUT' | 'POST', path: string, file: Blob): Promise<T> {
  const { token, headerName } = await api.getCsrfToken();
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: { 'content-type': file.type || 'application/octet-stream', [headerName]: token },
      body: file,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  if (!response.ok) {
    const message =
      typeof body?.message === 'string'
        ? body.message
        : `The upload failed (status ${String(response.status)}).`;
    throw new ApiError(response.status, message, body);
  }
  return body as T;
}
