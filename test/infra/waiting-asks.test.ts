import { inLine, queuedAhead } from '../../infra/waiting-asks';

test('how far back in line: the backlog of the same priority and the higher ones (lower keys), not the lower ones', () => {
  const stats = { '1': { approximateBacklogCount: 2 }, '3': { approximateBacklogCount: 4 }, '5': { approximateBacklogCount: 20 } };
  expect(queuedAhead(stats, 1)).toBe(2);
  expect(queuedAhead(stats, 3)).toBe(6);
  expect(queuedAhead(stats, 5)).toBe(26);
});

test('the waiting message says how far back in line only when the server says and something is queued', () => {
  expect(inLine('Waiting for Claude’s request budget', 7)).toBe('Waiting for Claude’s request budget: 7 questions of the same or higher priority queued');
  expect(inLine('Waiting for Claude’s request budget', 1)).toBe('Waiting for Claude’s request budget: 1 question of the same or higher priority queued');
  expect(inLine('Waiting for Claude’s request budget', 0)).toBe('Waiting for Claude’s request budget');
  expect(inLine('Waiting for Claude’s request budget', undefined)).toBe('Waiting for Claude’s request budget');
});
