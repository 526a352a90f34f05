/**
 * Country and region names in English, from the runtime's own region data (Intl.DisplayNames over every two-letter
 * code), not a hand-written list: a country after "in" or "from" is where something is, not an option
 * (docs/brand-reader.md §3).
 */
const REGIONS: ReadonlySet<string> = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const found = new Set<string>();
  for (let first = 65; first <= 90; first++)
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const name = names.of(code);
      if (name && name !== code) found.add(name.toLowerCase());
    }
  return found;
})();

export const isRegionName = (name: string) => REGIONS.has(name.toLowerCase());
