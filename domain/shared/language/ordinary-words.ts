import { newStemmer, type Stemmer } from 'snowball-stemmers';
import * as stopwordLists from 'stopword';

/**
 * Ordinary words of the markets' languages other than English (docs/markets.md#questions-and-reading-in-the-markets-language): what a
 * brand reader must not take for a name because it is capitalised. German capitalises every noun, and
 * every language capitalises a sentence's first word, so "Klar", "Natürlich", "Leistung", "Fazit" or
 * "Kabellose Staubsauger" open a line or a list item as "Dyson" does. Per language: the `stopword`
 * package's function words, and the words answers about products open sentences and label list items
 * with (connectives, verdicts, the qualities products are compared on, the adjectives of a category),
 * compared by Snowball stem so that "Modelle" meets "Modell" and "günstige" meets "günstig".
 * A partial list by design: it is the words answers use around names, not a dictionary.
 */
const WORDS: Record<string, string> = {
  de:
    'klar natürlich außerdem allerdings insgesamt zudem jedoch dennoch also fazit tipp hinweis achtung übrigens generell grundsätzlich letztlich schließlich ' +
    'zusammengefasst zusammenfassend kurz ebenfalls besonders vorteil vorteile nachteil nachteile contra empfehlung empfehlungen testsieger preistipp alternative ' +
    'alternativen modell modelle hersteller marke marken produkt produkte kategorie preis preise leistung saugleistung qualität akku akkulaufzeit laufzeit lautstärke ' +
    'gewicht design bedienung ausstattung zubehör garantie funktion funktionen merkmal merkmale eigenschaft eigenschaften preisklasse budget mittelklasse oberklasse ' +
    'einsteiger profis profi anfänger haushalt haushalte familie familien wohnung wohnungen tierhaare teppich teppiche hartboden überblick vergleich test tests ' +
    'bewertung bewertungen erfahrung erfahrungen kundenbewertungen nutzer preis-leistung preis-leistungs-verhältnis gut gute guter gutes beste bester bestes besten ' +
    'günstig günstige teuer teure preiswert preiswerte leise leicht leichte stark starke kabellos kabellose beliebt beliebte beliebteste robust robuste einfach ' +
    'einfache hochwertig hochwertige kompakt kompakte modern moderne neu neue klassisch klassische staubsauger bodenstaubsauger akkusauger handstaubsauger ' +
    'saugroboter wischroboter software tool tools lösung lösungen anbieter dienst dienste plattform app apps option optionen auswahl wahl ja nein beispiel ' +
    'beispielsweise etwa wichtig wichtige achten worauf kaufen kauf kaufberatung',
  fr:
    'cependant toutefois néanmoins ensuite enfin aussi également ainsi donc bref conclusion avantages inconvénients avantage inconvénient prix performance ' +
    'qualité autonomie poids design conception garantie fonctionnalités caractéristiques recommandation alternative alternatives modèle modèles marque marques ' +
    'produit produits meilleur meilleure meilleurs meilleures bon bonne excellent excellente idéal idéale abordable puissant puissante léger légère silencieux ' +
    'populaire populaires oui non exemple notamment logiciel outil outils solution solutions plateforme application',
  es:
    'además sin embargo también entonces finalmente claro conclusión resumen ventajas desventajas ventaja desventaja precio rendimiento calidad autonomía peso ' +
    'diseño garantía funciones características recomendación alternativa alternativas modelo modelos marca marcas producto productos mejor mejores bueno buena ' +
    'excelente ideal económico económica potente ligero ligera silencioso inalámbrico popular populares sí ejemplo software herramienta herramientas solución ' +
    'soluciones plataforma aplicación',
  it:
    'inoltre tuttavia anche quindi infine chiaramente conclusione riepilogo vantaggi svantaggi vantaggio svantaggio prezzo prestazioni qualità autonomia peso ' +
    'design garanzia funzioni caratteristiche consiglio alternativa alternative modello modelli marca marchi prodotto prodotti migliore migliori buono buona ' +
    'ottimo ottima ideale economico economica potente leggero leggera silenzioso popolare popolari sì esempio software strumento strumenti soluzione soluzioni ' +
    'piattaforma applicazione',
  pt:
    'além disso porém contudo também então finalmente claro conclusão resumo vantagens desvantagens vantagem desvantagem preço desempenho qualidade autonomia ' +
    'peso design garantia funções características recomendação alternativa alternativas modelo modelos marca marcas produto produtos melhor melhores bom boa ' +
    'excelente ideal econômico econômica potente leve silencioso popular populares sim exemplo software ferramenta ferramentas solução soluções plataforma aplicativo',
  nl:
    'daarnaast bovendien echter ook dus tot slot conclusie samenvatting voordelen nadelen voordeel nadeel prijs prestaties kwaliteit accuduur gewicht ontwerp ' +
    'garantie functies kenmerken aanbeveling alternatief alternatieven model modellen merk merken product producten beste goed goede uitstekend ideaal betaalbaar ' +
    'krachtig licht stil draadloos populair populaire ja nee voorbeeld software tool tools oplossing oplossingen platform app',
  pl:
    'ponadto jednak również także więc podsumowanie wnioski zalety wady zaleta wada cena wydajność jakość czas pracy waga wygląd gwarancja funkcje cechy ' +
    'rekomendacja alternatywa alternatywy model modele marka marki produkt produkty najlepszy najlepsza najlepsze dobry dobra świetny idealny tani tania mocny ' +
    'lekki cichy bezprzewodowy popularny popularne tak nie przykład oprogramowanie narzędzie narzędzia rozwiązanie rozwiązania platforma aplikacja',
};

const SNOWBALL: Record<string, string> = { de: 'german', fr: 'french', es: 'spanish', it: 'italian', pt: 'portuguese', nl: 'dutch' };
/** ISO 639-3 names of the `stopword` package's lists. */
const STOPWORDS: Record<string, string> = { de: 'deu', fr: 'fra', es: 'spa', it: 'ita', pt: 'por', nl: 'nld', pl: 'pol' };

export const ORDINARY_WORD_LANGUAGES = Object.keys(WORDS);

interface LanguageWords {
  stem: (word: string) => string;
  stems: ReadonlySet<string>;
  /** The listed words as written, without the function words: what is checked when the language is not known. */
  listed: ReadonlySet<string>;
}

const loaded = new Map<string, LanguageWords>();

function wordsOf(language: string): LanguageWords | undefined {
  let words = loaded.get(language);
  if (words || !(language in WORDS)) return words;
  const algorithm = SNOWBALL[language];
  const stemmer: Stemmer | undefined = algorithm ? newStemmer(algorithm) : undefined;
  const stem = (word: string) => (stemmer ? stemmer.stem(word) : word);
  const functionWords = (stopwordLists as unknown as Record<string, readonly string[] | undefined>)[STOPWORDS[language] ?? ''] ?? [];
  const list = [...WORDS[language]!.split(/\s+/u), ...functionWords];
  words = {
    stem,
    stems: new Set(list.filter(Boolean).map((word) => stem(word.toLowerCase()))),
    listed: new Set(WORDS[language]!.split(/\s+/u)),
  };
  loaded.set(language, words);
  return words;
}

/**
 * Whether a word is an ordinary word of the language (a primary subtag: "de"): by stem, function words
 * included. When no language is given (the brand reader does not know its answer's), only the listed
 * words as written count, in any of the languages: stems and other languages' function words would
 * make English names ordinary ("Klein", "Dell", "Marc"; measured with `npm run bench:brand-answers`).
 * Hyphenated words are ordinary when every part is.
 */
export function isOrdinaryIn(word: string, language?: string): boolean {
  const folded = word
    .normalize('NFC')
    .toLowerCase()
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (folded === '') return false;
  const languages = language ? [language.split('-')[0]!.toLowerCase()] : ORDINARY_WORD_LANGUAGES;
  return languages.some((code) => {
    const words = wordsOf(code);
    if (!words) return false;
    const parts = folded.split('-').filter(Boolean);
    const known = language ? (part: string) => words.stems.has(words.stem(part)) : (part: string) => words.listed.has(part);
    return parts.length > 0 && parts.every(known);
  });
}
