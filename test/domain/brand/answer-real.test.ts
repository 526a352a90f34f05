import { analyseBrandAnswer, type BrandAnswerInput } from '../../../domain/brand/reader/answer';

/**
 * The reader on answers shaped like real assistants' (Google AI Mode, ChatGPT, Perplexity, Gemini),
 * written for these tests: a brand spelled like an ordinary word, ranks across a whole answer,
 * options that are not headings or specifications, and the sentiment of a mention.
 */
const read = (answer: string, brand: string, overrides: Partial<BrandAnswerInput> = {}) =>
  analyseBrandAnswer({ answer, citations: [], brand, aliases: [], competitors: [], ...overrides });
const options = (answer: string, question?: string) =>
  read(answer, 'Qxzv Nonesuch', { question }).entities.map((entity) => `${entity.rank}:${entity.name}`);

describe('a brand counts where it stands as a name', () => {
  test('"Clear" is not in "clear pricing", "Clear pricing" opening a sentence, or a title-cased heading', () => {
    const answer =
      '## Clear Pricing Matters\nClear pricing is what most teams want.\n\n1. **Asana** – clear pricing and a generous free plan.\n2. **Trello** – very clear, simple boards.';
    expect(read(answer, 'Clear')).toMatchObject({ mentioned: false, rank: null, firstRecommended: false });
  });

  test.each([
    ['Crucial', 'Fast storage is crucial for quick startup times.'],
    ['Crucial', 'Crucial for creators: at least 32GB of memory.'],
    ['Office', 'It handles office tasks and browsing with ease.'],
    ['Shell', 'A waterproof shell with pit zips; the softshell version is warmer.'],
    ['Ram', 'It comes with 16GB RAM and a 1TB SSD.'],
    ['Snap', 'The jacket has a snap-back collar and snap-down lapels.'],
    ['Mini', 'A bright Mini-LED display makes HDR shine.'],
    ['Notion', 'The notion that more cores always help is outdated.'],
    ['Target', 'Target a budget of about $800.'],
    ['Excel', 'Battery life is excellent.'],
  ])('%s is not a mention in "%s"', (brand, answer) => {
    expect(read(answer, brand).mentioned).toBe(false);
  });

  test.each([
    ['Crucial', 'For upgrades, Crucial memory kits are the safe pick.'],
    ['Crucial', '- Crucial P3 Plus: a fast, cheap NVMe drive.'],
    ['Crucial', '1. **Crucial** – reliable memory upgrades.'],
    ['Notion', 'Many teams pair Jira with Notion for documentation.'],
    ['Notion', '### 2. Notion\nAn all-in-one workspace.'],
    ['Target', 'You can find it at Target or Walmart.'],
    ['Best Buy', 'Buy it at Best Buy, where it is often on sale.'],
    ['Shell', 'Shell is one of the largest fuel retailers, and Shell V-Power is its premium fuel.'],
  ])('%s is a mention in "%s"', (brand, answer) => {
    expect(read(answer, brand).mentioned).toBe(true);
  });

  test('an ordinary-word brand leading a numbered heading among products is presented there; among labels it is not', () => {
    const poles =
      '### 1. Leki Makalu FX Carbon\nLight and strong.\n\n### 2. Black Diamond Distance Carbon\nFolds small.\n\n### 3. Gossamer Gear LT5\nUltralight.';
    const blackDiamond = read(poles, 'Black Diamond');
    expect([blackDiamond.mentioned, blackDiamond.rank]).toEqual([true, 2]);
    const listed = read(
      '1. **Leki Makalu FX Carbon** – light.\n2. **Black Diamond Distance Carbon** – folds small.\n3. **Gossamer Gear LT5** – ultralight.',
      'Black Diamond',
    );
    expect([listed.mentioned, listed.rank]).toEqual([true, 2]);
    const labels = '### 1. Budget\nSpend what you can.\n\n### 2. Weight\nLighter is better.\n\n### 3. Crucial Factors\nFit first.';
    expect(read(labels, 'Crucial').mentioned).toBe(false);
  });

  test('every true mention of an ordinary name is still found, aliases and CJK included', () => {
    expect(read('Top picks: Asana and Acme Plan.', 'Acme Plan').mentioned).toBe(true);
    expect(read('Top picks: Asana and AP Cloud.', 'Acme Plan', { aliases: ['AP Cloud'] }).mentioned).toBe(true);
    expect(read('推荐：**钉钉** 和 **飞书**。', '飞书').mentioned).toBe(true);
    expect(read('Für kleine Teams empfehlen wir Clear und Asana.', 'Clear').mentioned).toBe(true);
    expect(read('Pour les petites équipes, Notion et Asana sont populaires.', 'Notion').mentioned).toBe(true);
  });
});

describe('a product named after its maker', () => {
  test('is mentioned inside the full name, with a model number or grade after it, but a word inside a longer name is not', () => {
    const answer =
      '1. **ASUS VivoBook 15 OLED** – great value.\n2. **Garmin Forerunner 255** – for runners.\n3. **Lauren Crest Patch Jacket** – a classic.';
    expect(read(answer, 'VivoBook 15')).toMatchObject({ mentioned: true, rank: 1 });
    expect(read(answer, 'Forerunner 255')).toMatchObject({ mentioned: true, rank: 2 });
    expect(read(answer, 'Crest').mentioned).toBe(false);
  });
});

describe('ranks by presentation across the whole answer', () => {
  test('a second list under another heading continues the count', () => {
    const answer =
      "## Men's picks\n- Patagonia Torrentshell 3L: reliable rain shell.\n- Marmot PreCip Eco: budget pick.\n## Women's picks\n- Arc'teryx Beta: premium.\n- Columbia Arcadia II: light.";
    expect(read(answer, 'Columbia Arcadia II')).toMatchObject({ rank: 4, firstRecommended: false });
    expect(read(answer, 'Patagonia Torrentshell 3L')).toMatchObject({ rank: 1, firstRecommended: true });
  });

  test('retailers listed after the products do not come first; options in one item share a rank', () => {
    const answer =
      'The top recommendation is the Dell XPS 14.\n- Lenovo Yoga Slim 7x: long battery life.\n- Where to buy: Best Buy or Amazon.';
    expect(read(answer, 'Best Buy')).toMatchObject({ rank: 3, firstRecommended: false });
    expect(read(answer, 'Amazon').rank).toBe(3);
    expect(read(answer, 'Dell XPS 14')).toMatchObject({ rank: 1, firstRecommended: true });
  });

  test('an option in the introduction counts before the list', () => {
    const answer =
      'For most people the MacBook Air M4 is the best choice.\n\n1. **Dell XPS 13** – great screen.\n2. **MacBook Air M4** – battery life.';
    expect(read(answer, 'MacBook Air M4').rank).toBe(1);
    expect(read(answer, 'Dell XPS 13').rank).toBe(2);
  });
});

describe('options, not headings or specifications', () => {
  test('labels, spec words, components and chips are not options', () => {
    const answer =
      'Here are the best picks:\n## Key Considerations\n- Processor: The Intel Core Ultra 7 is fast.\n- Storage: A 1TB SSD is plenty.\n- Battery Life: About 14 hours.\n## Recommended Laptops\n- Lenovo ThinkPad X1 Carbon: business favourite.\n- Asus Zenbook 14 OLED: vivid screen with an M4 rival.';
    expect(options(answer)).toEqual(['1:Lenovo ThinkPad X1 Carbon', '2:Asus Zenbook 14 OLED']);
  });

  test('names the question asks about are echoes, and a publisher quoted is a source', () => {
    const answer =
      'Since you like Dell laptops, here are options. According to RTINGS, these stand out:\n- Dell XPS 13: compact.\n- Dell Inspiron 14: budget.';
    expect(options(answer, 'I like Dell laptops, which one should I buy?')).toEqual(['1:Dell XPS 13', '2:Dell Inspiron 14']);
  });

  test('bold names in a ChatGPT-style answer, labels in bold are not', () => {
    const answer =
      'Top tools:\n\n1. **Asana** – tasks.\n   - **Pros:** integrations\n2. **ClickUp** – all in one.\n\n**Bottom line:** pick Asana.';
    expect(options(answer)).toEqual(['1:Asana', '2:ClickUp']);
  });

  test('under a heading that presents an option, items led by a label describe it; a place to buy is still an option', () => {
    const answer =
      '### 1. **HubSpot CRM**\n- **Best for:** startups\n- **Integrations:** Gmail, Outlook and Zapier\n- **Where to buy:** Salesforce AppExchange\n\n### 2. **Pipedrive**\n- **Pricing:** from $14';
    expect(options(answer)).toEqual(['1:HubSpot CRM', '2:Salesforce AppExchange', '3:Pipedrive']);
  });

  test('a list of bare product names keeps each whole; a title-cased lead is a label on its own', () => {
    const answer =
      "## Men's Options\n- UNTUCKit Quilted City Jacket (Navy)\n  - A full zip-front.\n- Barbour Flyweight Chelsea Quilted Jacket\n- Brands with a Similar Aesthetic: Desigual and Farm Rio offer bold prints.";
    expect(options(answer)).toEqual([
      '1:UNTUCKit Quilted City Jacket',
      '2:Barbour Flyweight Chelsea Quilted Jacket',
      '3:Desigual',
      '3:Farm Rio',
    ]);
  });

  test('a plural of a name is a category', () => {
    expect(options("Microsoft's Surface Laptops come in two sizes; the lightest is the Surface Laptop Go.")).toEqual([
      '1:Surface Laptop Go',
    ]);
  });

  test('review sites the answer draws on are sources, not options', () => {
    expect(options('Based on reviews from G2 and Capterra, the top tools are **Asana** and **ClickUp**.')).toEqual([
      '1:Asana',
      '2:ClickUp',
    ]);
  });

  test('tables: a column of names (ordinary words included), a header of names, a captured table without its rule line', () => {
    expect(options('| Tool | Best for |\n|---|---|\n| Notion | Docs |\n| Confluence | Wikis |\n| Slite | Small teams |')).toEqual([
      '1:Notion',
      '2:Confluence',
      '3:Slite',
    ]);
    // A side-by-side table's header cells are slots of their own, left to right (docs/brand-reader.md).
    expect(options('| Feature | Asana | Trello |\n|---|---|---|\n| Price | $10 | $5 |\n| Storage | 100 GB | 10 GB |')).toEqual([
      '1:Asana',
      '2:Trello',
    ]);
    expect(
      options('| Asus ROG Zephyrus G14 | Razer Blade 16 |\n| Weight~3.5 lbs | Weight~4.7 lbs |\n| Storage1TB SSD | Storage1TB SSD |'),
    ).toEqual(['1:Asus ROG Zephyrus G14', '2:Razer Blade 16']);
  });

  test('a name followed by the part it names is a component or feature, not an option', () => {
    const answer =
      'Top picks for rainy commutes:\n1. **Rab Downpour Eco** – a Pertex Shield fabric shell with taped seams.\n2. **Marmot Minimalist** – uses a GORE-TEX membrane and YKK zippers.\n3. **Helly Hansen Moss** – a DryVent™ 2L shell at a budget price.\n\nFor software, **Asana** offers Slack integration and Zapier support.';
    expect(options(answer)).toEqual(['1:Rab Downpour Eco', '2:Marmot Minimalist', '3:Helly Hansen Moss', '4:Asana']);
    expect(read(answer, 'Asana')).toMatchObject({ mentioned: true, rank: 4 });
    // A plural presents a maker's products, and a verb is no part.
    expect(options("For rain, Arc'teryx shells last longest. The Garmin Forerunner 255 features a bright display.")).toEqual([
      "1:Arc'teryx",
      '2:Garmin Forerunner 255',
    ]);
  });

  test('a numbered heading keeps its model name whole, grades and sizes included', () => {
    const answer = '## Product Recommendations\n## 1. MacBook Pro 14-inch (M5 Chip)\nThe base model.\n## 2. Dell XPS 13 Plus\nCompact.';
    expect(options(answer)).toEqual(['1:MacBook Pro 14-inch', '2:Dell XPS 13 Plus']);
  });

  test('echoes: a name the question spells apart, and a maker before a name the question writes', () => {
    const question = 'I want an Apple Mac book pro that runs programs like Word and Excel smoothly';
    const answer =
      'Any current MacBook Pro runs Microsoft Word and Microsoft Excel well. Here are the models:\n- **MacBook Pro 14-inch (M5)**: the base model.\n- **MacBook Pro 16-inch (M4 Max)**: for heavy work.';
    expect(options(answer, question)).toEqual(['1:MacBook Pro 14-inch', '2:MacBook Pro 16-inch']);
  });

  test('a heading that names a category is a label, and a maker written "the The North Face" is the same option', () => {
    const answer =
      '## Recommended HP Mid-Range Laptops\n- HP Pavilion Aero 13: light.\n- HP ENVY x360: versatile.\n## Jackets\nThe North Face Quest Triclimate Jacket A shell with a zip-in liner. See the The North Face website or REI.';
    expect(options(answer, 'Which HP laptop and which jacket should I buy?')).toEqual([
      '1:HP Pavilion Aero 13',
      '2:HP ENVY x360',
      '3:The North Face Quest Triclimate Jacket',
      '4:REI',
    ]);
  });

  test('the leads of a list of features are not options; names in what follows them still are', () => {
    const answer =
      'Key features to look for:\n- Handoff: continue a task on your iPhone.\n- AirDrop: share files in seconds.\n- Price: often cheaper at Best Buy or Amazon.\n\nOur picks:\n- **MacBook Air M3**: light.';
    expect(options(answer)).toEqual(['1:iPhone', '2:Amazon', '2:Best Buy', '3:MacBook Air M3']);
  });

  test("ChatGPT's copied answers: citations, reference links, written-out spaces and superlative labels are not options", () => {
    const answer = [
      'As of May 2025, here are the best picks for a Memorial Day sale:([The Verge][1], [RTINGS][2])',
      '',
      '### 🏆 **Best Overall: Sony WH-1000XM5**',
      '',
      '* **Why:** class-leading noise cancelling.&#x20;',
      '* **Where to Buy:** [Best Buy](https://chatgpt.com/?hints=search&q=Sony)',
      '',
      '### **Top Picks Under $200**',
      '',
      '**1. [Anker Soundcore Space Q45]() – $149**',
      '',
      '**2. Bose QuietComfort 45 – Best for Comfort**',
      '',
      'Look for **active noise cancellation** and **multipoint pairing**.([CNET](https://www.cnet.com/x))',
      '',
      '[1]: https://www.theverge.com/headphones "The best headphones | The Verge"',
      '[2]: https://www.rtings.com/headphones "RTINGS"',
    ].join('\n');
    expect(options(answer)).toEqual(['1:Sony WH-1000XM5', '2:Best Buy', '3:Anker Soundcore Space Q45', '4:Bose QuietComfort 45']);
    expect(read(answer, 'Sony WH-1000XM5')).toMatchObject({ rank: 1, firstRecommended: true });
    expect(read(answer, 'The Verge').mentioned).toBe(false);
  });

  test('places to buy named by ordinary words, titles before names, category headings and bare model numbers', () => {
    const answer =
      "## Top Recommendations\n- Available at: Apple, Best Buy\n- Available at: Dell\n## Everyday Carry & Tech\n- Mrs. Meyer's Clean Day: simple.\n\nThe smaller G14 is highly portable; the M4 chip is fast. Where to Buy: You can find these online.";
    expect(options(answer)).toEqual(['1:Apple', '1:Best Buy', '2:Dell', "3:Mrs Meyer's Clean Day", '4:G14']);
  });

  test("Perplexity's numbered citations, a maker's product named by the category asked for, and a label before a list of names", () => {
    const perplexity =
      'The best tools for small teams are **Asana**, **Trello**, and **ClickUp**, each with strong collaboration features.[1][3]\n\n| Tool | Best for |\n|---|---|\n| Asana | Workflows |\n| Monday.com | Dashboards |';
    expect(options(perplexity, 'best project management tool for small teams')).toEqual([
      '1:Asana',
      '2:Trello',
      '3:ClickUp',
      '4:Monday.com',
    ]);
    const chatgpt =
      '1. **HubSpot CRM** – free forever plan.\n2. **Pipedrive** – pipeline focused.\n3. **Zoho CRM** – affordable.\n\n**Honorable mentions:** Salesforce Starter, Freshsales, and Close.';
    expect(options(chatgpt, 'What is the best CRM for startups?')).toEqual([
      '1:HubSpot CRM',
      '2:Pipedrive',
      '3:Zoho CRM',
      '4:Salesforce Starter',
      '5:Freshsales',
    ]);
  });

  test('bold that describes, asks or labels is not a name; bold that presents an option is, joiners and all', () => {
    const answer = [
      '### **Size of the Space**',
      "* **Won't clog pores** and **Oil-free or lightweight** formulas work best.",
      '* **What size do you prefer?**',
      '### **Top Indoor Basketballs in 2025**',
      '1. **Wilson Evolution** – the classic indoor ball.',
      '5. **Wits & Wagers**',
      '* **Two Rooms and a Boom** – a game of negotiation.',
      '* **Beats Fit Pro** – secure fit.',
    ].join('\n');
    expect(options(answer)).toEqual(['1:Wilson Evolution', '2:Wits & Wagers', '3:Two Rooms and a Boom', '4:Beats Fit Pro']);
    const factors =
      'Key factors to consider when choosing a dehumidifier:\n### 1. **Capacity**\nFifty pints suits most basements.\n### 2. **Drainage**\n* **Non-comedogenic** hoses are not a thing.\n## Our picks\n### 1. **Frigidaire 50-Pint**\nQuiet.';
    expect(options(factors)).toEqual(['1:Frigidaire 50-Pint']);
  });

  test("Gemini's bold names before a colon, Claude's bold names in prose, and a word beside a name", () => {
    const gemini =
      'Here are top-rated options for beginners:\n\n* **Brooks Ghost 16:** a reliable daily trainer.\n* **Hoka Clifton 9:** maximum cushioning.\n\n**Tips for Choosing:**\n* **Get fitted:** visit a specialty store.\n* **Step 1:** measure your feet.';
    expect(options(gemini, 'best running shoes for beginners')).toEqual(['1:Brooks Ghost 16', '2:Hoka Clifton 9']);
    const claude =
      '**Figma** is the clear leader for collaborative UI design.\n\n**Sketch** remains popular with small teams. For notes, try Evernote and Bear, in Violet or Dune finishes.';
    expect(options(claude)).toEqual(['1:Figma', '2:Sketch', '3:Evernote', '4:Bear']);
  });

  test('an ordinary-word brand opening a sentence stays unread even where the question names it: "Clear pricing matters" answers "Is Clear worth it?" too', () => {
    const answer = 'Notion is a flexible all-in-one workspace. Alternatives include Evernote and Bear.';
    expect(read(answer, 'Notion', { question: 'What are the best Notion alternatives?' }).mentioned).toBe(false);
  });

  test('a size in inches stays in a model name, a measure alone is none, a spec added names the same option, and an availability item still names stores', () => {
    const answer =
      'For a 17-inch laptop, the HP 17.3" Laptop and the Gateway 17.3" Laptop are excellent options.\n## HP 17.3" Laptops\n- HP 17.3" Full HD Laptop (AMD Ryzen 5)\n  - Display: a 17.3" Full HD (1920x1080) IPS display.\n  - Availability: Available from retailers such as Best Buy and Target.';
    expect(options(answer)).toEqual(['1:HP 17.3 Laptop', '2:Gateway 17.3 Laptop', '3:Best Buy', '3:Target']);
  });

  test('people an answer credits are not options', () => {
    const answer =
      '### **Netflix**\n* **The Killer** (2023) – a thriller starring Michael Fassbender.\n* **Barbie**, directed by Greta Gerwig and starring Margot Robbie and Ryan Gosling.\n\n### **Max**\n* **Oppenheimer** – epic.';
    expect(options(answer)).toEqual(['1:Netflix', '2:The Killer', '3:Barbie', '4:Max', '5:Oppenheimer']);
  });

  test('outside English, the names that lead items, rows and headings', () => {
    const answer = '以下是推荐：\n1. **飞书**：协作方便。\n2. **钉钉**：功能全面。';
    expect(options(answer)).toEqual(['1:飞书', '2:钉钉']);
    expect(options('Empfehlungen:\n- **Personio**: für HR.\n- **Vorteile**: schnell.')).toEqual(['1:Personio']);
  });
});

describe('sentiment per mention, with the clause it rests on', () => {
  test('recommended, listed as a place to buy, advised against', () => {
    expect(read('1. **Acme Plan** – the best choice for small teams.', 'Acme Plan')).toMatchObject({
      sentiment: 'positive',
      sentimentEvidence: expect.stringContaining('best choice') as unknown,
    });
    expect(read('- Where to buy: Acme Plan and Best Buy.', 'Acme Plan').sentiment).toBe('neutral');
    expect(read('Avoid Acme Plan: its sync is unreliable and support has complaints.', 'Acme Plan').sentiment).toBe('negative');
    expect(read('Acme Plan is not recommended for large teams.', 'Acme Plan').sentiment).toBe('negative');
    expect(read('Asana is good.', 'Acme Plan').sentiment).toBeUndefined();
  });
});

describe('a quoted source is cued by whole words', () => {
  test('"per" ends "Proper": the names after "Proper Cloth, and" are options, not a publisher quoted', () => {
    expect(options('Consider brands known for quality outerwear like Barbour, Proper Cloth, and Helly Hansen.')).toEqual([
      '1:Barbour',
      '2:Proper Cloth',
      '3:Helly Hansen',
    ]);
    expect(options('The best pick is Trello, as rated by Wirecutter.')).toEqual(['1:Trello']);
  });
});

test('a name that opens with a decade is a style, not an option', () => {
  expect(options("- Vintage picks: a 1950s Rayon Gabardine jacket from Ragstock, or 1990s Denim from Levi's.")).toEqual([
    "1:Levi's",
    '1:Ragstock',
  ]);
});
