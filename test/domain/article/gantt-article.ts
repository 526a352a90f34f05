/**
 * A held-out shape from issue 16: a software vendor's blog post on Gantt charts, as the article
 * extractor returns it (paragraphs, list items and headings as blocks, in order), with the promotion,
 * aside, caption and closing paragraph such posts carry.
 */
export const GANTT_HEADINGS = ['Where Gantt charts come from', 'How to read a Gantt chart', 'The critical path', 'Milestones'];

export const GANTT_BLOCKS = [
  'A Gantt chart is a horizontal bar chart that shows a project’s tasks against time: each task is a bar whose start and length show when it begins and how long it lasts. Project managers use it to plan work, assign people and see at a glance what is late.',
  'Looking for an easier way to plan? Try our free Gantt chart maker and build your first timeline in minutes!',
  'Where Gantt charts come from',
  'The chart is named after Henry Gantt, an American mechanical engineer who designed it around 1910 to schedule work in factories and shipyards. Similar diagrams had been drawn in Poland by Karol Adamiecki in 1896, but he published them only in Polish and Russian.',
  'Fun fact: Gantt studied under Frederick Winslow Taylor, the father of scientific management, and the two did not always agree.',
  'Gantt charts were used to plan major infrastructure projects of the 20th century, including the Hoover Dam, which was built between 1931 and 1936, and the interstate highway system.',
  'Image: A simple Gantt chart in our app',
  'How to read a Gantt chart',
  'Tasks are listed down the left side and time runs along the top, in days, weeks or months. Arrows between bars show dependencies: a task that cannot start until another one finishes.',
  'Most tools let you drag the bars to change dates, and they recalculate the schedule for you.',
  'The critical path',
  'The critical path is the longest chain of dependent tasks in the project, and it sets the earliest date on which the whole project can finish. Any delay to a task on the critical path delays the project, while other tasks have slack.',
  'Milestones',
  'Milestones are shown as diamonds rather than bars because they mark a moment, such as a client sign-off or a launch, not a duration. They let teams check progress against the plan at fixed points.',
  'Ready to plan your next project? Sign up for a free 14-day trial of our software today and see why thousands of teams love it. Happy planning!',
];

/** What the assistants said: every fact of the article, in their own words. */
export const GANTT_ANSWER = [
  'A Gantt chart is a type of bar chart that lays out the tasks of a project on a timeline, with the length of each bar showing how long a task takes.',
  'It was devised by the American engineer Henry Gantt in the 1910s for scheduling factory work.',
  'It was famously used to plan big public works such as the Hoover Dam in the 1930s.',
  'The critical path — the longest sequence of dependent tasks — determines the earliest possible finish date of the project; delaying any task on it delays the whole project.',
  'Milestones appear as diamond symbols marking key moments like approvals or launches, instead of bars.',
].join(' ');
