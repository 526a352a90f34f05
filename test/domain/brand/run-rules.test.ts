import { readBrandAnswer } from '../../../domain/brand/reader/answer';
import { layoutOf } from '../../../domain/brand/reader/answer-layout';
import { clausesOf } from '../../../domain/brand/reader/clauses';
import { READER } from '../../../domain/brand/reader/configuration';
import { DESCRIBES_THE_HEADING, DESCRIBES_THE_LEAD, SPEC_ROW } from '../../../domain/brand/reader/layout-rules';
import { readOptions } from '../../../domain/brand/reader/option-names';

const read = (answer: string, question?: string, reader = READER) =>
  readOptions(
    {
      answer,
      layout: layoutOf(answer),
      citations: [],
      saysNotKnownAt: clausesOf(answer).saysNotKnownAt,
      ...(question ? { question } : {}),
    },
    reader,
  );
const asBrand = (answer: string, brand: string) =>
  readBrandAnswer({ answer, citations: [], brand, aliases: [], competitors: [], question: 'which one should I get' });
const byName = <T extends { name: string }>(rules: readonly T[]) => rules.map((rule) => [rule.name, rule] as const);

/**
 * Each rule is tested by its own example: the candidate it names is dropped by that rule and no
 * earlier one, with a reason, or (for a rule that trims) kept as the trimmed name. Removing a rule, or
 * moving another before it, fails its line here, and the line says what the rule protects.
 */
describe('the reader configuration, each rule by its example', () => {
  it('names every rule once, across every stage', () => {
    const rules = [
      ...READER.layoutRules,
      ...READER.boldRules,
      ...READER.candidates,
      ...READER.candidateRules,
      ...READER.optionRules,
      ...READER.distinctRules,
      ...READER.runRules,
      ...READER.slotRules,
      ...READER.mentionRules,
    ];
    const names = rules.map((rule) => rule.name);
    expect(new Set(names).size).toBe(names.length);
    for (const rule of rules) expect(rule.why.length).toBeGreaterThan(5);
  });

  // A layout rule drops nothing itself: without it, the name its example's section describes is read as an option.
  it.each(byName(READER.layoutRules))('layout rule %s', (name, rule) => {
    expect(read(rule.example.answer).options.map((option) => option.name)).not.toContain(rule.example.drops);
    const without = { ...READER, layoutRules: READER.layoutRules.filter((other) => other.name !== name) };
    expect(read(rule.example.answer, undefined, without).options.map((option) => option.name)).toContain(rule.example.drops);
  });

  it.each(byName(READER.boldRules))('bold rule %s', (name, rule) => {
    const { options, dropped } = read(rule.example.answer);
    expect(dropped.find((span) => span.name === rule.example.drops)).toMatchObject({ rule: name, why: rule.why });
    expect(options.map((option) => option.name)).not.toContain(rule.example.drops);
  });

  it.each(byName(READER.distinctRules))('distinct rule %s', (name, rule) => {
    const { verdict, trace } = readBrandAnswer({
      answer: rule.example.answer,
      citations: [],
      brand: rule.example.brand!,
      aliases: [],
      competitors: [],
    });
    expect(trace.unranked.find((aside) => aside.name === rule.example.unranked)).toMatchObject({ rule: name, why: rule.why });
    expect(verdict.entities.map((entity) => entity.name)).not.toContain(rule.example.unranked);
  });

  it.each(byName(READER.candidates))('candidate source %s', (_name, source) => {
    expect(read(source.example.answer).options.map((option) => option.name)).toContain(source.example.reads);
  });

  it.each(byName(READER.runRules))('run rule %s', (name, rule) => {
    const { options, dropped } = read(rule.example.answer);
    if (rule.example.drops) {
      const hit = dropped.find((candidate) => candidate.name === rule.example.drops);
      expect(hit).toMatchObject({ rule: name });
      expect(hit!.why.length).toBeGreaterThan(5);
      expect(options.map((option) => option.name)).not.toContain(rule.example.drops);
    } else {
      expect(options.map((option) => option.name)).toContain(rule.example.keeps);
    }
  });

  it.each(byName(READER.candidateRules))('candidate rule %s', (name, rule) => {
    const { options, dropped } = read(rule.example.answer, rule.example.question);
    // The run rules read a run before the candidate rules read it: the same name read in bold meets this rule first.
    expect(dropped.filter((candidate) => candidate.name === rule.example.drops).map((candidate) => candidate.rule)).toContain(name);
    expect(options.map((option) => option.name)).not.toContain(rule.example.drops);
  });

  it.each(byName(READER.optionRules))('option rule %s', (name, rule) => {
    const { options, dropped } = read(rule.example.answer, rule.example.question);
    expect(dropped.find((option) => option.name === rule.example.drops)).toMatchObject({ rule: name, why: rule.why });
    expect(options.map((option) => option.name)).not.toContain(rule.example.drops);
  });

  it("reads one ordinary word inside a product's name after its maker as a word of that name, and a product named so as the product", () => {
    const answer = '1. **Fabrikam UV Clear SPF 46**: light\n2. **Contoso Zentrix 255**: for runners';
    expect(asBrand(answer, 'Clear').verdict.mentioned).toBe(false);
    expect(asBrand(answer, 'Zentrix 255').verdict).toMatchObject({ mentioned: true, rank: 2 });
  });

  it('reads a name in the description of the option a paragraph leads with in bold as a part of it, but not under a bold label', () => {
    const prose = asBrand('**Contoso Ridge Parka**: a warm parka with Halvorsen zips.\n\n**Fabrikam Trail 2**: lighter.', 'Zyntrax');
    expect(prose.verdict.entities).toEqual([
      { name: 'Contoso Ridge Parka', rank: 1 },
      { name: 'Fabrikam Trail 2', rank: 2 },
    ]);
    expect(prose.trace.dropped.find((candidate) => candidate.name === 'Halvorsen')).toMatchObject({ rule: 'describes-the-lead' });
    const label = read('**If you buy from Zyntrax:** The **Contoso Ridge Parka** is the warmest.');
    expect(label.options.map((option) => option.name)).toContain('Contoso Ridge Parka');
    const sentence = read('**Contoso Ridge Parka** is the warmest. For rain, try Fabrikam Trail 2.');
    expect(sentence.options.map((option) => option.name)).toContain('Fabrikam Trail 2');
  });

  it("reads a colour that shares a brand's name as a quality, in a table's column or a clause, and the brand where the answer presents it", () => {
    const colours =
      '| Laptop | Color |\n|---|---|\n| Contoso Blade 16 | Black or Mercury White |\n| Fabrikam Zen 14 | Sky |\n\nBoth come in shades like Violet or Dune.';
    for (const brand of ['Mercury', 'Sky', 'Dune']) expect(asBrand(colours, brand)).toMatchObject({ verdict: { mentioned: false } });
    expect(asBrand(colours, 'Mercury').verdict.entities.map((entity) => entity.name)).toEqual(['Contoso Blade 16', 'Fabrikam Zen 14']);
    const presented = asBrand('1. **Dune** loafers: smart and soft\n2. **Fabrikam Walk**: cheaper, in colors like Sand', 'Dune');
    expect(presented.verdict).toMatchObject({ mentioned: true, rank: 1 });
  });

  it('never reads a date as an option, nor the kind the question asks for, nor the word a sentence opens with', () => {
    const { options, dropped } = read(
      'Featuring AeroWeave fabric, the Contoso Zentra 2 ships March 3. Bomber Jackets and Puffer Jackets are warmer kinds, but the Fabrikam Trail 2 wins.',
      'best winter jackets',
    );
    expect(options.map((option) => option.name)).toEqual(['Contoso Zentra 2', 'Fabrikam Trail 2']);
    expect(dropped.map((candidate) => [candidate.name, candidate.rule])).toEqual(
      expect.arrayContaining([
        ['March 3', 'date'],
        ['Puffer Jackets', 'category-asked'],
      ]),
    );
    // The maker's own store beside the maker's product is no option; another store is.
    const stores = read(
      '1. **Contoso Ridge Parka**: warm\n2. **Fabrikam Trail 2**: light\n\nBuy them at the Contoso Online Store or at Zyntrax Outfitters.',
    );
    expect(stores.options.map((option) => option.name)).toEqual(expect.arrayContaining(['Contoso Ridge Parka', 'Zyntrax Outfitters']));
    expect(stores.dropped).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Contoso Online Store', rule: 'makers-own-store' })]),
    );
  });

  it.each(byName(READER.slotRules))('slot rule %s', (name, rule) => {
    const { verdict, trace } = asBrand(rule.example.answer, rule.example.unranked!);
    expect(verdict).toMatchObject({ mentioned: true, rank: null });
    expect(trace.unranked.find((aside) => aside.name === rule.example.unranked)).toMatchObject({ rule: name, why: rule.why });
  });

  it.each(byName(READER.mentionRules))('mention rule %s', (name, rule) => {
    const { verdict, trace } = asBrand(rule.example.answer, rule.example.notMention!);
    expect(verdict.mentioned).toBe(false);
    expect(trace.notMentions.find((occurrence) => occurrence.name === rule.example.notMention)).toMatchObject({ rule: name });
  });

  it(`layout rule ${SPEC_ROW.name}: a field's short value under an option is a technology, but a pick, a place to buy or a sentence keeps its names`, () => {
    const nested = read(
      '1. **Marmot PreCip Eco**\n   - Membrane: NanoPro\n   - Price: $100\n2. **Rab Downpour Eco**\n   - Membrane: NeoShell',
    );
    expect([...new Set(nested.options.map((option) => option.name))]).toEqual(['Marmot PreCip Eco', 'Rab Downpour Eco']);
    expect(nested.dropped.filter((candidate) => candidate.rule === SPEC_ROW.name).map((candidate) => candidate.name)).toEqual([
      'NanoPro',
      'NeoShell',
    ]);
    const kept = read(
      '### Key features\n- Top pick: Sony WH-1000XM5\n- Where to buy: Best Buy, Amazon\n- Form factor: a 2-in-1 suits you. The HP Spectre folds flat.',
    ).options.map((option) => option.name);
    expect(kept).toEqual(expect.arrayContaining(['Sony WH-1000XM5', 'Best Buy', 'Amazon', 'HP Spectre']));
    // A list of options under a label of its own is no spec row: nothing announces features, nothing is described.
    expect(read('Good brands:\n\n- Outdoor: Patagonia and Marmot').options.map((option) => option.name)).toEqual(
      expect.arrayContaining(['Patagonia', 'Marmot']),
    );
  });

  it('keeps the options around the dropped candidates', () => {
    const { options, dropped } = read('According to RTINGS, the Sony WH-1000XM5 leads. It comes in Luna Grey.');
    expect(options.map((option) => option.name)).toEqual(['Sony WH-1000XM5']);
    expect(dropped.map((candidate) => [candidate.name, candidate.rule])).toEqual(
      expect.arrayContaining([
        ['RTINGS', 'quoted-source'],
        ['Luna Grey', 'colour'],
      ]),
    );
  });

  it(`layout rule ${DESCRIBES_THE_LEAD.name}: an item's description describes the option its lead presents`, () => {
    const { options, dropped } = read(DESCRIBES_THE_LEAD.example.answer);
    expect(options.map((option) => option.name)).toEqual(['REI Co-op']);
    expect(dropped.find((candidate) => candidate.name === DESCRIBES_THE_LEAD.example.drops)).toMatchObject({
      rule: DESCRIBES_THE_LEAD.name,
    });
    const coway = read('1. **Coway Airmega AP-1512HH** - quiet, with PlasmaWave technology and a Levoit-style app.').options;
    expect([...new Set(coway.map((option) => option.name))]).toEqual(['Coway Airmega AP-1512HH']);
    // A lead that labels a list of options keeps them: the description opens with a name.
    const listed = read('- Patagonia: Torrentshell 3L and the Nano-Air Hoody').options.map((option) => option.name);
    expect(listed).toEqual(expect.arrayContaining(['Torrentshell 3L', 'Nano-Air Hoody']));
  });

  it(`layout rule ${DESCRIBES_THE_HEADING.name}: the section under an option's heading describes it, but for where to buy it`, () => {
    const { options, dropped } = read(DESCRIBES_THE_HEADING.example.answer);
    expect(options.map((option) => option.name)).toEqual(['Kinsta']);
    expect(dropped.find((candidate) => candidate.name === DESCRIBES_THE_HEADING.example.drops)).toMatchObject({
      rule: DESCRIBES_THE_HEADING.name,
    });
    const stores = read(
      '### 1. Lenovo ThinkPad X1 Carbon\n- Runs Windows 11 with an Intel chip.\n- Sold at B&H Photo and Adorama.',
    ).options;
    expect(stores.map((option) => option.name)).toEqual(['Lenovo ThinkPad X1 Carbon', 'B&H Photo', 'Adorama']);
  });

  it('drops a term spelled out beside its acronym in prose, both ways, but not an option an item leads with', () => {
    // Terms of dictionary words fall to earlier rules; their acronyms, and terms of other words, to this one.
    const prose = read(
      'Also check the **CADR** (Clean Air Delivery Rate), the AUE (Auto Update Expiration) and the Xylo Quanta Zent (XQZ).',
    );
    expect(prose.options).toEqual([]);
    expect(prose.dropped.filter((candidate) => candidate.rule === 'defined-term').map((candidate) => candidate.name)).toEqual(
      expect.arrayContaining(['CADR', 'AUE', 'Xylo Quanta Zent', 'XQZ']),
    );
    const item = read('1. **Singapore Airlines** – roomy.\n2. **ANA (All Nippon Airways)** – spotless cabins.').options;
    expect(item.map((option) => option.name)).toContain('ANA');
  });

  it('reads a source by its verb: "itself recommends", "found that"; not a feature\'s verb', () => {
    const sources = read(
      "WordPress.org itself recommends a few hosts, Consumer Reports found that most are fine, and Wirecutter says the rest are too, as OutdoorGearLab's field testing shows (Source: RTINGS).",
    );
    expect(sources.options).toEqual([]);
    expect(sources.dropped).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'WordPress.org', rule: 'source-that-rates' }),
        expect.objectContaining({ name: 'Consumer Reports', rule: 'source-that-rates' }),
        expect.objectContaining({ name: 'Wirecutter', rule: 'source-that-rates' }),
        expect.objectContaining({ name: 'OutdoorGearLab', rule: 'source-that-rates' }),
        expect.objectContaining({ name: 'RTINGS' }),
      ]),
    );
    expect(read('We like two tools: the dashboards of Asana, and Monday.com reports progress well.').options.map((o) => o.name)).toEqual(
      expect.arrayContaining(['Asana', 'Monday.com']),
    );
  });

  it('drops a name the answer calls a material or technology, not one it calls a standard or a company', () => {
    const kinds = read('For hiking, **Dyneema** and **silnylon** are the materials to know, and Futurelight is a breathable membrane.');
    expect(kinds.options).toEqual([]);
    expect(kinds.dropped.filter((candidate) => candidate.rule === 'said-to-be-a-kind').map((candidate) => candidate.name)).toEqual(
      expect.arrayContaining(['Dyneema', 'silnylon', 'Futurelight']),
    );
    const praised = read('For sales teams, Salesforce is the industry standard, and for music Sony is a technology company to trust.');
    expect(praised.options.map((option) => option.name)).toEqual(expect.arrayContaining(['Salesforce', 'Sony']));
  });

  it('reads a rating verb only as a source reads it: not a bank whose rates the answer quotes', () => {
    const bank = read('We compared savings accounts: SoFi rates are among the highest, and Marcus is close.');
    expect(bank.options.map((option) => option.name)).toContain('SoFi');
    expect(bank.dropped.filter((candidate) => candidate.rule === 'source-that-rates')).toEqual([]);
    expect(read('OutdoorGearLab tested the Marmot PreCip Eco.').dropped).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'OutdoorGearLab', rule: 'source-that-rates' })]),
    );
  });
});
