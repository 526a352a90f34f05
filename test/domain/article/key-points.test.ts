import { keyPoints } from '../../../domain/article/key-points';

const blocks = [
  'Solar panels convert about 20 percent of the sunlight that reaches them into electricity. Most homes need between 15 and 20 panels to cover their use.',
  'Subscribe to our newsletter to get more tips like these every week in your inbox.',
  'Panels last 25 to 30 years, and their output falls by about half a percent each year. Cleaning them twice a year keeps dust from cutting their output.',
  'We use cookies to give you the best experience on our site and to analyse traffic.',
  'Net metering lets owners sell surplus electricity back to the grid at retail rates in many states. Batteries store daytime power for the evening.',
  'Installation usually takes one or two days once the permits are approved.',
  'Thanks for reading!',
];

test('3–10 sentences that carry facts, in article order; boilerplate and fragments never', () => {
  const points = keyPoints(blocks, 'en');
  expect(points.length).toBeGreaterThanOrEqual(3);
  expect(points.length).toBeLessThanOrEqual(10);
  expect(points.map((point) => point.id)).toEqual(points.map((_, index) => `k${index + 1}`));
  const text = points.map((point) => point.text).join('\n');
  expect(text).not.toMatch(/newsletter|cookies|Thanks for reading/);
  // Sentences with figures are preferred.
  expect(points.some((point) => /\d/.test(point.text))).toBe(true);
  // In the article's order.
  const order = points.map((point) => blocks.findIndex((block) => block.includes(point.text)));
  expect(order).toEqual([...order].sort((a, b) => a - b));
});

test('more sentences, more points: ⌈sentences / 10⌉, at most 10', () => {
  const long = Array.from({ length: 150 }, (_, index) => `Fact number ${index} says that widget model ${index} weighs ${index + 3} kilograms and costs ${index * 7} dollars.`);
  expect(keyPoints(long, 'en')).toHaveLength(10);
  expect(keyPoints(long.slice(0, 45), 'en')).toHaveLength(5);
});

test('no sentences that carry anything: no key points', () => {
  expect(keyPoints(['Home', 'Menu', 'Share this'], 'en')).toEqual([]);
});
