import { headingQuestion, questionsFromModel, templateQuestions, titleQuestion } from '../../../domain/article/questions';

test.each([
  ['How to plan a vegetable garden | Green Thumb Blog', 'How do I plan a vegetable garden?'],
  ['The 10 best hiking boots of 2026', 'What are the best hiking boots of 2026?'],
  ['Why do cats purr?', 'Why do cats purr?'],
  ['What is GEO', 'What is GEO?'],
  ['Solar panels explained', 'What should I know about Solar panels explained?'],
  ['如何规划菜园', '如何规划菜园是什么？'],
])('title %j asks %j', (title, question) => {
  expect(titleQuestion(title)).toBe(question);
});

test.each([
  ['Choose the right size', 'How do I choose the right size when I plan a vegetable garden?'],
  ['Plan your watering', 'How do I plan my watering when I plan a vegetable garden?'],
  ['Soil pH', 'What should I know about soil pH when I plan a vegetable garden?'],
  ['How to water tomatoes', 'How do I water tomatoes?'],
  ['Conclusion', undefined],
])('heading %j asks %j', (heading, question) => {
  expect(headingQuestion(heading, 'How to plan a vegetable garden')).toBe(question);
});

const outline = {
  title: 'How to plan a vegetable garden',
  headings: ['Choose the right size', 'Pick what to grow', 'Conclusion'],
  keyPoints: [],
  count: 5,
};

test('templates: the title first, then the headings, topped up with general questions, each distinct', () => {
  expect(templateQuestions(outline).map((question) => question.text)).toEqual([
    'How do I plan a vegetable garden?',
    'How do I choose the right size when I plan a vegetable garden?',
    'How do I pick what to grow when I plan a vegetable garden?',
    'What are the most important tips to plan a vegetable garden?',
    'What mistakes should I avoid when I plan a vegetable garden?',
  ]);
});

test('the model’s questions come first, checked and topped up; an unusable answer gives the templates', () => {
  const questions = questionsFromModel('{"questions":[{"text":"How much sun does a vegetable garden need?"},{"text":"short"}]}', outline);
  expect(questions[0]).toEqual({ id: 'q1', text: 'How much sun does a vegetable garden need?', source: 'model' });
  expect(questions).toHaveLength(5);
  expect(questionsFromModel('Sorry, I cannot help.', outline)).toEqual(templateQuestions(outline));
});
