import identity from './crawler-identity.json';

/** A vendor's published IP-range file: where it is and how it is written (crawler-identity.json `rangeFiles`). */
export interface RangeFileSource {
  id: string;
  operator: string;
  url: string;
  /** `prefixes`: the JSON file itself; `html-json`: that JSON inside an HTML page (Amazon). */
  format: 'prefixes' | 'html-json';
}

export const RANGE_FILES: readonly RangeFileSource[] = identity.rangeFiles as RangeFileSource[];
