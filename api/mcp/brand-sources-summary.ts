import type { BrandReport } from '../../domain/brand/report-schema';
import { formatPercent } from '../../domain/shared/rate';

/** The source types and the threads to join as an agent reads them (docs/checks/brand.md, "Source types"). */

const inline = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

export function brandSourceLines(report: BrandReport): string[] {
  const all = report.sourceTypes?.find((row) => !row.platform && !row.market);
  const shares =
    all && all.citations > 0
      ? [
          '## Cited pages by kind of site',
          `- ${all.types.map((share) => `${share.type} ${formatPercent(share.share)}`).join(', ')} of ${all.citations} citations`,
          '',
        ]
      : [];
  const pages = report.ugcPages;
  const threads = pages
    ? [
        '## Threads to join',
        ...(pages.length
          ? pages
              .slice(0, 10)
              .map(
                (page) =>
                  `- ${page.url}: cited in ${page.answers} answers naming ${page.competitors.map(inline).join(', ')}, never ${inline(report.brand)}`,
              )
          : [`- No community page is cited where competitors are named without ${inline(report.brand)}.`]),
        '',
      ]
    : [];
  return [...threads, ...shares];
}
