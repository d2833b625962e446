/** Rows per page the billing lists offer (the API gives at most 200). */
export const PAGE_SIZES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** A stored or typed page size, if it is one the lists offer. */
export function offeredPageSize(size: unknown): number | undefined {
  return PAGE_SIZES.find((s) => s === size);
}
