import type { CheckFinding } from '../../../domain/site/checks';
import type { MemoryResult } from '../../../domain/site/report';
import { advise, collectIssues, crawlerScore, memoryScore, platformScore, totalScore } from '../../../domain/site/scoring';

const check = (id: string, status: CheckFinding['status'], weight: number, fix?: string): CheckFinding => ({
  id,
  name: id,
  category: 'page',
  status,
  weight,
  detail: `${id} is ${status}`,
  fix,
});
const answer = (
  platform: string,
  status: MemoryResult['status'],
  reputation: MemoryResult['reputation'] = 'neutral',
  citations: string[] = [],
): MemoryResult => ({
  platform,
  status,
  reputation,
  citations,
  answer: '',
  model: 'm',
  latencyMs: 1,
  ...(status === 'error' ? { error: 'down' } : {}),
});

describe('crawlerScore', () => {
  test('pass counts fully, warn half, fail nothing, weighted', () => {
    expect(crawlerScore([check('a', 'pass', 3), check('b', 'warn', 2), check('c', 'fail', 1)])).toBeCloseTo((100 * (3 + 1)) / 6, 1);
  });
  test('info checks and zero-weight checks never count', () => {
    expect(crawlerScore([check('a', 'pass', 1), check('b', 'info', 5), check('c', 'fail', 0)])).toBe(100);
  });
  test('nothing to count scores 0', () => {
    expect(crawlerScore([check('a', 'info', 1)])).toBe(0);
  });
});

describe('memoryScore', () => {
  test('unknown is 0; known is 60 plus reputation plus 15 for citing the site', () => {
    expect(platformScore(answer('A', 'unknown'), 'example.com')).toBe(0);
    expect(platformScore(answer('A', 'known', 'neutral'), 'example.com')).toBe(75);
    expect(platformScore(answer('A', 'known', 'positive', ['https://www.example.com/about']), 'example.com')).toBe(100);
    expect(platformScore(answer('A', 'known', 'negative', ['https://example.com.evil.net/']), 'example.com')).toBe(40);
  });
  test('the mean over the platforms that answered; errors are left out', () => {
    expect(memoryScore([answer('A', 'known', 'neutral'), answer('B', 'unknown'), answer('C', 'error')], 'example.com')).toBe(37.5);
  });
  test('no platform answered: 0', () => {
    expect(memoryScore([answer('A', 'error')], 'example.com')).toBe(0);
  });
});

test('totalScore is 40% crawler reachability and 60% AI awareness', () => {
  expect(totalScore(80, 50)).toBe(62);
  expect(totalScore(100, 100)).toBe(100);
  expect(totalScore(0, 0)).toBe(0);
});

test('issues list failed checks as critical and warned ones as warnings, critical first, each with its fix', () => {
  const issues = collectIssues(
    [check('a', 'warn', 1, 'fix a'), check('b', 'fail', 1, 'fix b'), check('c', 'pass', 1), check('d', 'info', 0)],
    [answer('ChatGPT', 'known'), answer('Claude', 'unknown'), answer('Gemini', 'known', 'negative')],
    'example.com',
  );
  expect(issues.map((issue) => [issue.level, issue.checkId ?? issue.text])).toEqual([
    ['critical', 'b'],
    ['critical', 'Gemini describes example.com negatively.'],
    ['warning', 'a'],
    ['warning', 'Claude does not know example.com.'],
  ]);
  expect(issues.every((issue) => issue.fix.length > 0)).toBe(true);
});

test('being unknown to every platform that answered is critical', () => {
  const issues = collectIssues([], [answer('ChatGPT', 'unknown'), answer('Claude', 'unknown'), answer('Gemini', 'error')], 'example.com');
  expect(issues[0]).toMatchObject({ level: 'critical', text: 'ChatGPT, Claude do not know example.com.' });
});

test('the advisor ranks the fixes by the points they would add, at most five', () => {
  const checks = [
    check('small', 'warn', 1, 'small fix'),
    check('big', 'fail', 4, 'big fix'),
    check('ok', 'pass', 5),
    ...Array.from({ length: 6 }, (_, i) => check(`w${i}`, 'warn', 1, `fix ${i}`)),
  ];
  const advice = advise(checks, [answer('ChatGPT', 'unknown'), answer('Claude', 'known')], 'example.com');
  expect(advice).toHaveLength(5);
  expect(advice[0]?.action).toMatch(/Get known by ChatGPT/);
  expect(advice[1]).toMatchObject({ action: 'big fix', checkId: 'big' });
  expect(advice[1]?.gain).toBeCloseTo((100 * 0.4 * 4) / 16, 1);
  for (let i = 1; i < advice.length; i++) expect(advice[i - 1]!.gain).toBeGreaterThanOrEqual(advice[i]!.gain);
});
