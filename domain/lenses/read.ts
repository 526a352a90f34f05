import { readArticleAnswer } from '../article/lens';
import { readBrandAnswer } from '../brand/lens';
import type { Lens, Verdict } from '.';
import { readSiteAnswer } from '../site/lens';

/** An answer read through the lens of its check's kind. */
export function readAnswer(answer: string, citations: string[], lens: Lens, question?: string): Verdict {
  switch (lens.kind) {
    case 'site':
      return readSiteAnswer(answer, lens);
    case 'brand':
      return readBrandAnswer(answer, citations, lens, question);
    case 'article':
      return readArticleAnswer(answer, citations, lens);
  }
}
