import { load } from 'cheerio';

/** A page's table body as a reader sees it: each row's cells' text, the row heading first. */
export function tableRows(page: string, selector: string): string[][] {
  const $ = load(page);
  return $(`${selector} tbody tr`)
    .map((_, row) => [
      $(row)
        .children()
        .map((__, cell) => $(cell).text())
        .get(),
    ])
    .get() as string[][];
}
