import { analyseBrandAnswer } from '../../../domain/brand/reader/answer';
import { SOLD_AT_ASIDE } from '../../../domain/brand/reader/slots';

const read = (answer: string, brand: string) => analyseBrandAnswer({ answer, citations: [], brand, aliases: [], competitors: [] });

describe('ranks by presentation slots', () => {
  it('gives each column of a side-by-side table its own rank, left to right', () => {
    const answer =
      '| Feature | Marmot PreCip Eco | Columbia Watertight II | Rab Downpour Eco |\n|---|---|---|---|\n| Price | $100 | $90 | $120 |';
    expect([
      read(answer, 'Marmot PreCip Eco').rank,
      read(answer, 'Columbia Watertight II').rank,
      read(answer, 'Rab Downpour Eco').rank,
    ]).toEqual([1, 2, 3]);
  });

  it('reads a table that lost its rule line the same way', () => {
    const answer = '| Marmot PreCip Eco | Columbia Watertight II |\n| $100 | $90 |';
    expect([read(answer, 'Marmot PreCip Eco').rank, read(answer, 'Columbia Watertight II').rank]).toEqual([1, 2]);
  });

  it('does not let a source quoted before the products take the first rank, yet counts it as mentioned', () => {
    const answer =
      '- According to L.L.Bean, look for a 10,000 mm rating.\n\n1. **Patagonia Torrentshell 3L** – durable.\n2. **L.L.Bean Trail Model Rain Jacket** – relaxed fit.';
    const patagonia = read(answer, 'Patagonia Torrentshell 3L');
    expect([patagonia.rank, patagonia.firstRecommended]).toEqual([1, true]);
    expect(read(answer, 'L.L.Bean').rank).toBe(2);
    const recommends =
      "- L.L.Bean recommends a 10,000 mm rating, and OutdoorGearLab's field testing agrees.\n\n1. **Patagonia Torrentshell 3L** – durable.\n2. **L.L.Bean Trail Model Rain Jacket** – relaxed fit.";
    expect([
      read(recommends, 'Patagonia Torrentshell 3L').rank,
      read(recommends, 'L.L.Bean').rank,
      read(recommends, 'OutdoorGearLab').rank,
    ]).toEqual([1, 2, null]);
    const quotedOnly = read("According to OutdoorGearLab, three layers last longest.\n\n1. **Arc'teryx Beta AR**", 'OutdoorGearLab');
    expect([quotedOnly.mentioned, quotedOnly.rank, quotedOnly.firstRecommended]).toEqual([true, null, false]);
  });

  it('gives no rank to a source whose cue opens the sentence, nor to a word carrying a citation mark', () => {
    const per =
      'Per RTINGS and SoundGuys testing, these lead:\n\n**Sony WH-1000XM5** – eight microphones.\n\n**Bose QuietComfort Ultra** – comfy.';
    expect([read(per, 'Sony WH-1000XM5').rank, read(per, 'RTINGS').rank, read(per, 'SoundGuys').rank]).toEqual([1, null, null]);
    const labelled = 'Great picks this year (Source: RTINGS).\n\n1. **Sony WH-1000XM5** – quiet.';
    expect([read(labelled, 'Sony WH-1000XM5').rank, read(labelled, 'RTINGS').mentioned, read(labelled, 'RTINGS').rank]).toEqual([
      1,
      true,
      null,
    ]);
    const marked =
      'The best cloud storage depends on your devices[1]:\n\n| Service | Free storage |\n|---|---|\n| Google Drive | 15 GB |\n| Dropbox | 2 GB |';
    expect([read(marked, 'Google Drive').rank, read(marked, 'Dropbox').rank]).toEqual([1, 2]);
  });

  it('ranks the products in a second column of a brand-and-product table by their rows', () => {
    const answer =
      '| Brand | Product Name | Key Features |\n|---|---|---|\n| Hoka | Speedgoat 6 | Max cushion |\n| Salomon | Speedcross 6 | Mud grip |';
    expect([read(answer, 'Speedgoat 6').rank, read(answer, 'Speedcross 6').rank]).toEqual([1, 2]);
  });

  it('reads the options of a ranked table from the column after its ranks, and lists them, not the column headers', () => {
    const answer =
      '| Rank | Model | Runtime | Best for |\n|---|---|---|---|\n| 1 | Dyson V15 Detect | 60 min | Overall |\n| 2 | Shark Stratos | 60 min | Pet hair |\n| 3 | Levoit LVAC-300 | 55 min | Budget |';
    expect(read(answer, 'Qxzv').entities).toEqual([
      { name: 'Dyson V15 Detect', rank: 1 },
      { name: 'Shark Stratos', rank: 2 },
      { name: 'Levoit LVAC-300', rank: 3 },
    ]);
    const makers =
      '| Brand | Product Name | Key Features |\n|---|---|---|\n| Hoka | Speedgoat 6 | Max cushion |\n| Salomon | Speedcross 6 | Mud grip |';
    // Named as the labelling rules name an option: maker and model (bench/brand-answers/README.md).
    expect(read(makers, 'Qxzv').entities).toEqual([
      { name: 'Hoka Speedgoat 6', rank: 1 },
      { name: 'Salomon Speedcross 6', rank: 2 },
    ]);
    // The header says which column holds the products, even where the dictionary holds their words.
    const ordinary =
      '| Brand | Product Name | Key Features |\n|---|---|---|\n| Outdoor Research | Foray 3L | Pit zips |\n| Rab | Downpour Eco | Light |\n| Northpeak | Storm Shell | Packable |';
    expect(read(ordinary, 'Northpeak').rank).toBe(3);
    expect(read(ordinary, 'Northpeak').entities).toEqual([
      { name: 'Outdoor Research Foray 3L', rank: 1 },
      { name: 'Rab Downpour Eco', rank: 2 },
    ]);
  });

  it("shares a list item's rank among the options it presents, and counts a second list on", () => {
    const answer =
      "These jackets keep you dry on the trail.\n\n## Budget jackets under $100\n- The Marmot PreCip Eco and the Columbia Watertight II both pack small.\n\n## Premium jackets for storms\n- The Arc'teryx Beta AR is the toughest.";
    expect([
      read(answer, 'Marmot PreCip Eco').rank,
      read(answer, 'Columbia Watertight II').rank,
      read(answer, "Arc'teryx Beta AR").rank,
    ]).toEqual([1, 1, 2]);
  });

  it('ranks a product where its maker is first named alone, unless the maker has other products there or is a place to buy', () => {
    const answer =
      "Brands like Patagonia and Arc'teryx lead.\n\n### 1. Arc'teryx Beta AR\nTough.\n\n### 2. Patagonia Torrentshell 3L\nLight.\n\n### 3. Marmot PreCip Eco\nCheap.";
    expect([
      read(answer, 'Patagonia Torrentshell 3L').rank,
      read(answer, "Arc'teryx Beta AR").rank,
      read(answer, 'Marmot PreCip Eco').rank,
    ]).toEqual([1, 2, 3]);
    const family = 'HP Pavilion laptops vary.\n\n1. HP Pavilion Aero 13\n2. HP Pavilion 15';
    expect([read(family, 'HP Pavilion 15').rank, read(family, 'HP Pavilion Aero 13').rank]).toEqual([2, 1]);
    const store = 'Lenovo makes the best keyboards.\n\nYou can buy them from Dell or Amazon.\n\n1. Lenovo ThinkPad X1\n2. Dell XPS 13';
    expect(read(store, 'Dell XPS 13').rank).toBe(4);
    expect(read(store, 'Amazon').rank).toBe(2);
  });

  it('gives no rank to a place to buy named in the opening paragraph, and ranks it where a later slot presents it', () => {
    const answer =
      "Retailers such as Backcountry and Steep & Cheap run frequent sales.\n\n- **Patagonia Down Sweater** – 800-fill.\n- **Uniqlo Ultra Light Down** – cheap.\n- **Backcountry** – last season's colours for less.";
    const patagonia = read(answer, 'Patagonia Down Sweater');
    expect([patagonia.rank, patagonia.firstRecommended]).toEqual([1, true]);
    expect([read(answer, 'Steep & Cheap').mentioned, read(answer, 'Steep & Cheap').rank]).toEqual([true, null]);
    expect(read(answer, 'Backcountry').rank).toBe(3);
    // Not in the opening paragraph: a place to buy keeps its place.
    const later = 'Good jackets.\n\nRetailers such as Backcountry run sales.\n\n- **Patagonia Down Sweater** – 800-fill.';
    expect(read(later, 'Backcountry').rank).toBe(1);
  });

  it('gives no rank to the stores prose after the options says they are sold at (sold-at-aside), unless the question asks where to buy', () => {
    const list =
      "1. **Arc'teryx Beta Jacket** – durable.\n2. **Northpeak Storm Shell** – light.\n3. **Patagonia Torrentshell 3L** – recycled.";
    for (const closing of [
      'You can find all three at REI or Backcountry.',
      'All three are sold by Amazon and REI.',
      'You can find these at REI.',
      'Where to buy: REI, Backcountry.',
      'Tip: try them on at a store such as REI first.',
    ]) {
      const verdict = read(`${list}\n\n${closing}`, 'REI');
      expect([closing, verdict.mentioned, verdict.rank]).toEqual([closing, true, null]);
      expect(read(`${list}\n\n${closing}`, 'Qxz').entities.map((entity) => entity.name)).toEqual([
        "Arc'teryx Beta Jacket",
        'Northpeak Storm Shell',
        'Patagonia Torrentshell 3L',
      ]);
    }
    const { example } = SOLD_AT_ASIDE;
    expect(read(example.answer, example.unranked!).rank).toBeNull();
    // Asked where to buy, the stores are the options.
    const asked = analyseBrandAnswer({
      answer: `${list}\n\nYou can find all three at REI or Backcountry.`,
      citations: [],
      brand: 'REI',
      aliases: [],
      competitors: [],
      question: 'Where to buy a rain jacket near me?',
    });
    expect(asked.rank).toBe(4);
    // Presented by an item of its own, a store keeps its place; so do brands met before any list.
    expect(read(`${list}\n- **REI:** sells all three.`, 'REI').rank).toBe(4);
    const opening = "Brands such as those from Levi's and Wrangler fit.\n\n- **H&M Denim Jacket** – cheap.";
    expect(read(opening, 'Wrangler').rank).toBe(2);
  });

  it('keeps the whole name a numbered heading or an item lead presents, a brand of ordinary words and a model after a slash included', () => {
    const answer = '### 1. Northpeak Storm Shell\n- **Weight:** 280 g\n\n### 2. Mountain Hardwear Exposure/2\n- **Weight:** 390 g';
    expect(read(answer, 'Northpeak').entities).toEqual([{ name: 'Mountain Hardwear Exposure/2', rank: 2 }]);
    expect(read('- Mountain Hardwear Exposure/2: light\n- Rab Downpour Eco: cheap', 'Qxz').entities[0]).toEqual({
      name: 'Mountain Hardwear Exposure/2',
      rank: 1,
    });
    // A ranked lead of dictionary words ending in a model number is a product; without one it is a label.
    const ranked = '### 1. The North Face Venture 2\nDry.\n\n### 2. Outdoor Research Foray 3L\nLight.\n\n### 3. Battery Life\nLong.';
    expect(read(ranked, 'Qxz').entities).toEqual([
      { name: 'The North Face Venture 2', rank: 1 },
      { name: 'Outdoor Research Foray 3L', rank: 2 },
    ]);
    // "The" stays before an ordinary word ("The North Face"); before a name it is an article: "The Marmot PreCip" is "Marmot PreCip".
    expect(read('1. The Marmot PreCip: cheap', 'Qxz').entities).toEqual([{ name: 'Marmot PreCip', rank: 1 }]);
  });

  it('reads a header of names as the options, its rows as their specifications, but not a header over a column of names', () => {
    const answer =
      '| Marmot PreCip Eco | L.L.Bean Trail Model Rain Jacket | Columbia Watertight II |\n|---|---|---|\n| $100 | $99 | $90 |\n| NanoPro membrane | TEK O2 fabric | Omni-Tech |';
    expect([read(answer, 'Marmot PreCip Eco').rank, read(answer, 'Columbia Watertight II').rank]).toEqual([1, 3]);
    expect(read(answer, 'Qxz').entities.map((entity) => entity.name)).toEqual([
      'Marmot PreCip Eco',
      'L.L.Bean Trail Model Rain Jacket',
      'Columbia Watertight II',
    ]);
    const insurers =
      '| Aseguradora | Cuadro médico | Precio medio |\n|---|---|---|\n| Sanitas | Amplio | 60 € |\n| Adeslas | Muy amplio | 55 € |';
    expect([read(insurers, 'Sanitas').rank, read(insurers, 'Adeslas').rank]).toEqual([1, 2]);
  });
});
