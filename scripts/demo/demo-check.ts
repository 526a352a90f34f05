import type { VendorStandIns } from '../../dev/vendor-stand-ins';

/** What a demo check is given: the API to call, the public base of the links it prints, and the stand-ins to set up. */
export interface DemoContext {
  apiUrl: string;
  publicBaseUrl: string;
  platforms: VendorStandIns;
}

/**
 * One check the demo runs through the public API, as a new user would: it sets the stand-ins' answers,
 * runs, says what the report shows, and returns the report's path. Every report the demo prints is
 * read by test/plumbing/demo.test.ts, which fails on any error answer in it.
 */
export interface DemoCheck {
  /** What the printed link opens: "report", "brand report". */
  report: string;
  run(context: DemoContext): Promise<string>;
}
