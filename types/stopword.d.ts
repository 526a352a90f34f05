declare module 'stopword' {
  /** Stop-word lists by ISO 639-3 code, lower case (the ones the article check uses). */
  type List = readonly string[];
  export const eng: List,
    deu: List,
    fra: List,
    spa: List,
    ita: List,
    por: List,
    nld: List,
    rus: List,
    swe: List,
    dan: List,
    nob: List,
    fin: List,
    tur: List,
    ron: List,
    hun: List,
    ces: List,
    cat: List;
}
