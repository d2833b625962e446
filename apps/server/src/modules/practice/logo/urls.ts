import type { LogoKind } from '@openpractice/domain';

/** The practice's logo columns as the navigation data and the logo page need them. */
export type LogoColumns = {
  logoBannerKey: string | null;
  logoIconKey: string | null;
  logoVersion: number;
};

/** The image address of one kind: the caller's own practice's, versioned so caches never show an old one. */
export function logoUrlOf(kind: LogoKind, key: string | null, version: number): string | null {
  return key === null ? null : `/api/practice/logo/${kind}/image?v=${version}`;
}

export function logoUrlsOf(row: LogoColumns) {
  return {
    bannerUrl: logoUrlOf('banner', row.logoBannerKey, row.logoVersion),
    iconUrl: logoUrlOf('icon', row.logoIconKey, row.logoVersion),
  };
}
