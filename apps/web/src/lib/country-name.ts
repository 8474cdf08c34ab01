let regions: Intl.DisplayNames | null | undefined;
/** A country by its ISO code: its English name where the browser knows it, else the code itself. */
export function countryName(code: string): string {
  if (code === 'SG') return 'Singapore';
  if (regions === undefined) {
    try {
      regions = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regions = null;
    }
  }
  try {
    return regions?.of(code) ?? code;
  } catch {
    return code;
  }
}
