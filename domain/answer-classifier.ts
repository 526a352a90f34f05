import type { Reputation } from './report';
import { decodeLabel, registrableLabel } from './brand-name';
import { siteHost } from './site-host';
/**
 * Reads an AI assistant's answer to "what do you know about <domain>?" and decides whether the
 * assistant knows the site and what reputation it reports. Deterministic phrase rules, no model: the
 * same answer always gets the same verdict, and the reasons say why.
 *
 * Known or unknown:
 * - The answer is cut into clauses: sentences, list items, and both halves of "X, but Y".
 * - Each clause is a refusal ("I don't have information about…"), advice ("check its WHOIS record"),
 *   speculation ("based on the name it might…"), filler or caveat ("hope this helps", "my knowledge
 *   may be out of date"), a question, a fragment too short to say anything, or else a description.
 *   List items under an advice or speculation lead-in ("This could be because:") count as the lead-in.
 * - No description: unknown, however often the domain is repeated.
 * - A description before any refusal: known. A later "I couldn't find its founding date" does not undo it.
 * - A refusal first dominates, unless at least two descriptions follow, they outnumber the refusals,
 *   and one names the site (domain, brand, or "it"/"the company" opening the clause), so that a
 *   description of some other site found instead does not count.
 *
 * Reputation (known answers only): cue words in every clause except refusals, advice and questions. A
 * cue preceded in its clause by a negation ("not a scam", "no reports of fraud", "not well known") is
 * ignored. Scam, fraud, phishing and malware weigh double. A side wins with at least twice the other
 * side's weight; anything closer is neutral.
 *
 * Languages: refusals, advice and speculation in English, Chinese (simplified and traditional),
 * Japanese, Korean, Spanish, French, German, Portuguese, Italian and Russian; reputation cues in the
 * same, thinnest for Japanese and Korean, where a negation that follows the cue (人気がない) is not seen.
 */

export type Awareness = 'known' | 'unknown';

export interface AnswerClassification {
  status: Awareness;
  /** Always 'unknown' when status is 'unknown'. */
  reputation: Reputation;
  /** Short phrases for debugging and the report, e.g. `refusal: "I don't have any information"`. */
  reasons: string[];
}

/** Answers are cut here: far beyond any platform's answer, and keeps the work bounded. */
const MAX_ANSWER_CHARS = 100_000;

type Language = 'en' | 'zh' | 'ja' | 'ko' | 'es' | 'fr' | 'de' | 'pt' | 'it' | 'ru';

/**
 * Regular-expression sources per language, matched case-insensitively. Spaced languages get whole-word
 * boundaries added (JavaScript's \b ignores accented and Cyrillic letters); Chinese, Japanese and Korean
 * phrases match anywhere, since their words are not separated by spaces.
 */
type PhraseBook = Partial<Record<Language, readonly string[]>>;

const MATCH_INSIDE_WORDS: ReadonlySet<string> = new Set<Language>(['zh', 'ja', 'ko']);

const REFUSALS: PhraseBook = {
  en: [
    "i (?:do not|don't|dont) have (?:(?:any|much|enough|specific|detailed|reliable|verified|concrete|particular|further|additional|public) )*(?:information|info|details|data|knowledge|records?)",
    'i have (?:no|limited|very little|little|only limited) (?:(?:specific|detailed|reliable|verified|concrete|public) )*(?:information|info|details|data|knowledge|records?)',
    "(?:there is|there's|there are|i found|i've found) (?:no|little|limited|very little) (?:[a-z-]+ ){0,2}(?:information|info|details|data|mentions|records)",
    'no (?:(?:specific|reliable|verified|public|publicly available|available|detailed|widely available|concrete|credible|notable) )+(?:information|details|data|mentions|records)',
    "i(?:'m| am) (?:not (?:familiar|aware)|unfamiliar|unaware)",
    "i(?: could not| couldn't| can't| cannot| can not| was not able to| wasn't able to| am not able to|'m not able to| am unable to|'m unable to| was unable to| did not| didn't| have not been able to| haven't been able to) (?:find|locate|identify|verify|confirm|access) (?:any )?(?:[a-z-]+ ){0,2}(?:information|info|details|data|records?|results|mentions|sources|evidence|references|anything|much)",
    "i (?:can't|cannot|can not) (?:say|tell|determine|confirm|comment)",
    '(?:unable|not able) to (?:find|locate|verify) (?:any )?(?:[a-z-]+ ){0,2}(?:information|details|data|records?|results|mentions)',
    "(?:can't|cannot|can not|unable to|not able to) (?:provide|give|share|offer) (?:you )?(?:(?:any|much|specific|detailed|reliable|accurate) )*(?:information|details|data|insights?)",
    "i (?:do not|don't) (?:know|recognize|recognise)",
    "(?:there is|there's) no (?:(?:widely|well|commonly) )?(?:known|recognized|recognised|notable|prominent|established|well-known) (?:website|site|company|brand|business|organi[sz]ation|platform|entity|service)",
    'not (?:a |an )?(?:(?:very|particularly) )?(?:widely|well|commonly|broadly)[- ](?:known|recognized|recognised|documented|referenced|covered)',
    "(?:does not|doesn't|do not|don't) (?:appear|seem) (?:to be |to have been )?(?:in|within|among|part of) (?:my |the )?(?:[a-z-]+ ){0,3}(?:training data|knowledge base|knowledge|sources|search results|results|records|databases?)",
    'not (?:in|within|part of|covered by|included in) my (?:training data|knowledge base|knowledge|training)',
    "my (?:knowledge|training data) (?:does not|doesn't) (?:include|contain|cover|mention)",
    '(?:outside|beyond) (?:the scope of )?my (?:knowledge|training)',
    "(?:search )?results (?:do not|don't|did not|didn't) (?:mention|contain|include|provide|cover|describe|discuss|show)",
    'no (?:relevant |matching )?(?:search )?results',
    '(?:limited|no|little|minimal) (?:(?:significant|notable|public|substantial) )*(?:online|web|digital|internet|media|press) (?:presence|footprint|coverage)',
    "doesn't ring a bell",
  ],
  zh: [
    '(?:没有|沒有|并无|並無|暂无|暫無)(?:关于|關於|有关|有關)[^。！？\\n]{0,40}?(?:信息|资料|資料|资讯|資訊|数据|數據)',
    '(?:没有|沒有|未能?|无法|無法)(?:找到|查到|检索到|檢索到|获取|獲取)(?:任何)?(?:关于|關於|有关|有關)[^。！？\\n]{0,40}?(?:信息|资料|資料|资讯|資訊|数据|數據)',
    '(?:没有|沒有|未能?|无法|無法)(?:找到|查到|检索到|檢索到|获取|獲取)?(?:任何)?(?:具体|具體|相关|相關|详细|詳細|可靠|确切|確切|公开|公開)的?(?:信息|资料|資料|资讯|資訊|数据|數據)',
    '我(?:并|並|对|對)?[^。！？\\n]{0,30}?不太?(?:了解|熟悉|清楚|知道|认识|認識)',
    '(?:无法|無法|未能|没能|沒能)(?:找到|查到|确认|確認|提供|获取|獲取|核实|核實|判断|判斷)',
    '(?:不是|并非|並非|并不是|並不是)(?:一个|一個)?(?:广为人知|廣為人知|知名|著名)',
    '(?:知识库|知識庫|训练数据|訓練數據)中?(?:没有|沒有|并无|並無)',
  ],
  ja: [
    '(?:情報|データ|知識)(?:は|が|を|も)?(?:ありません|持っていません|持ち合わせていません|持っておりません|ございません|見当たりません)',
    '存じません|存じ上げません|知りません|わかりません|分かりません|把握して(?:い|お)りません',
    '見つ(?:かりませんでした|けられませんでした|けることができませんでした)|確認できませんでした',
  ],
  ko: [
    '정보(?:가|를|는|도)? ?(?:가지고 있지 않|갖고 있지 않|없)',
    '알지 못|알 수 없|모릅니다|모르겠|알려진 (?:바가|정보가) 없|잘 알려져 있지 않',
    '찾(?:을 수 없|지 못)',
  ],
  es: [
    'no tengo (?:(?:ninguna|mucha|suficiente) )?(?:información|info|datos|conocimiento|detalles)',
    'no (?:dispongo|cuento) (?:de|con) (?:(?:ninguna|suficiente) )?(?:información|datos|detalles)',
    'no (?:estoy familiarizad[oa]|conozco|reconozco)',
    'no (?:pude|he podido|logré|he logrado|puedo) (?:encontrar|localizar|verificar|confirmar)',
    'no (?:encontré|he encontrado|se encontró|se encuentra) (?:ninguna|ningún|información|datos|referencias)',
    'no hay (?:(?:ninguna|suficiente|mucha) )?(?:información|datos|referencias)',
    'no (?:es|parece ser) (?:un|una) (?:sitio|sitio web|página|web|empresa|marca|plataforma) (?:(?:ampliamente|muy|bien) )?(?:conocid[oa]|reconocid[oa])',
    'no puedo (?:proporcionar|ofrecer|dar)(?:te|le)? (?:ninguna|información|datos|detalles)',
  ],
  fr: [
    "je n'ai (?:pas|aucune?) (?:d'|de )?(?:informations?|données|connaissances?|détails|renseignements?)",
    "je ne dispose (?:pas|d'aucune?) (?:d'|de )?(?:informations?|données|renseignements?)",
    'je ne (?:connais|reconnais) pas',
    'je ne suis pas (?:familier|familière|au courant)',
    "je n'ai (?:pas pu|pas réussi à) (?:trouver|vérifier|identifier)",
    "je n'ai trouvé aucune?",
    "(?:il n'y a|il n'existe|n'existe) (?:pas|aucune?) (?:d'|de )?(?:informations?|données)",
    'aucune information (?:fiable|précise|spécifique|disponible|vérifiable|publique)',
    '(?:pas|aucun) (?:un )?(?:site|site web|service) (?:(?:largement|très|bien) )?connu',
  ],
  de: [
    '(?:ich habe|habe ich) (?:leider )?keine (?:\\p{L}+ )?(?:informationen|daten|kenntnisse|angaben|details)',
    'mir (?:liegen|sind) (?:leider )?keine (?:\\p{L}+ )?(?:informationen|daten|angaben|details|kenntnisse)',
    '(?:ist|sind) mir (?:leider )?(?:nicht bekannt|unbekannt)',
    'ich kenne [^.!?\\n]{0,60}? nicht',
    '(?:ich konnte|konnte ich) (?:leider )?(?:keine|nichts)',
    'keine (?:\\p{L}+ )?(?:informationen|angaben|daten) (?:über|zu|zur|zum)',
    'nicht vertraut',
    '(?:keine|nicht) (?:(?:weithin|allgemein|besonders) )?bekannte? (?:website|webseite|seite|firma|marke|plattform)',
  ],
  pt: [
    'não tenho (?:(?:nenhuma|muitas|muita) )?(?:informaç(?:ão|ões)|dados|conhecimento|detalhes)',
    'não (?:conheço|estou familiarizad[oa]|reconheço)',
    'não (?:consegui|pude|posso|foi possível) (?:encontrar|localizar|verificar|confirmar)',
    'não encontrei (?:nenhuma|nenhum|informaç(?:ão|ões)|dados|referências)',
    'não (?:possuo|disponho de|tenho acesso a) (?:nenhuma|informaç(?:ão|ões)|dados)',
    'não há (?:nenhuma|informaç(?:ão|ões)|dados)',
  ],
  it: [
    'non ho (?:(?:alcuna|nessuna|molte|sufficienti) )?(?:informazion[ie]|dati|conoscenz[ae]|dettagli)',
    'non (?:conosco|sono a conoscenza|sono familiare|ho familiarità)',
    'non (?:sono riuscit[oa]|riesco|sono in grado) (?:a |di )?(?:trovare|individuare|verificare|fornire)',
    'non ho trovato (?:alcuna|nessuna|nessun|informazion[ie]|dati)',
    'non dispongo di (?:alcuna|informazion[ie]|dati)',
    'non (?:ci sono|esistono) (?:informazion[ie]|dati)',
  ],
  ru: [
    'у меня нет (?:(?:никакой|никаких|конкретной|подробной|достоверной) )?(?:информации|данных|сведений)',
    'не (?:располагаю|имею) (?:(?:никакой|конкретной|подробной|достоверной) )?(?:информацией|данными|сведениями)',
    'нет (?:(?:никакой|конкретной|подробной|достоверной|надёжной|надежной) )?(?:информации|данных|сведений) (?:о|об|про|по)',
    'я не (?:знаком|знакома|знаю)',
    'мне (?:ничего )?(?:не известн\\p{L}*|неизвестн\\p{L}*)',
    'не (?:удалось|смог|смогла|могу|получилось) (?:найти|обнаружить)',
    'не (?:нашёл|нашел|нашла|обнаружил|обнаружила)',
  ],
};

const ADVICE: PhraseBook = {
  en: [
    // Imperatives that open a clause: "Visit the site…", "Check reviews on…".
    '^(?:visit|check|look|search|use|try|verify|consult|read|contact|browse|explore|see|ensure|consider|review|ask|examine|investigate|inspect|confirm|research|compare|reach out|scan|perform|go|navigate|head|beware|evaluate|assess|seek)',
    '^(?:if|before|should)',
    '^when you',
    'you (?:can|could|may|might|should|would|will) (?:(?:want|need|wish) to )?(?:check|visit|look|search|use|try|consult|read|verify|contact|find|review|browse|explore|see|ask|start|run|perform|do|consider|reach)',
    "i(?:'d| would)? (?:recommend|suggest|advise|encourage)",
    "(?:it's|it is|it would be) (?:a good idea|advisable|recommended|worth|wise|best)",
    'consider (?:checking|visiting|looking|searching|using|reading|contacting|reviewing)',
    '(?:please|always) (?:check|verify|visit|be|make|consult|look|do)',
    '^to (?:learn|find out|get|verify|check|determine|assess|know|evaluate|research|gauge|understand) (?:more|about|whether|if|its|the|what|who|how)',
    'for (?:more|further|additional|the most (?:accurate|current|up-to-date)) (?:information|details|info)',
    'make sure|be (?:cautious|careful|wary)|exercise caution|proceed with caution|do your own research',
    "(?:here's|here is|here are) (?:how|some (?:ways|steps|tips|approaches|things)|a few (?:ways|steps|tips|approaches))",
  ],
  zh: ['建议|建議|您可以|你可以|可以通过|可以通過|请您|請您|推荐您|推薦您|不妨|如果您|如果你|若您|查询|查詢|访问该网站|訪問該網站|访问官网|訪問官網|造訪'],
  ja: ['おすすめ|お勧め|オススメ|推奨|ご確認|確認して(?:ください|みて)|調べて(?:ください|みて)|訪問して|検索して|参照して|してください'],
  ko: ['권장|추천|확인해 ?보|확인하시|방문해 ?보|방문하여|검색해 ?보|바랍니다|하세요|보세요'],
  es: [
    '(?:le|te|les) (?:recomiendo|sugiero|aconsejo)|recomiendo|recomendamos|puedes|podrías',
    '(?:usted )?puede (?:visitar|consultar|revisar|buscar|verificar|usar)',
    '^(?:visite|visita|consulte|consulta|revise|revisa|verifique|verifica|busque|busca)',
    'si (?:usted|tú|tienes|quieres|desea|necesitas)|para (?:saber|obtener|conocer|verificar) más',
  ],
  fr: [
    'je vous (?:recommande|conseille|suggère)|je recommande|vous pouvez|vous pourriez|tu peux',
    '^(?:visitez|consultez|vérifiez|recherchez|essayez|lisez)|si vous|pour (?:en savoir|obtenir|vérifier)',
  ],
  de: [
    'ich empfehle|empfehle ich|es empfiehlt sich|(?:sie|du) (?:können|kannst|könnten|solltest|sollten)|können sie',
    '(?:besuchen|prüfen|überprüfen|suchen|schauen|lesen) sie|wenn sie|falls sie|um mehr',
  ],
  pt: ['recomendo|sugiro|você pode|você poderia|pode (?:visitar|consultar|verificar|pesquisar)|^(?:visite|verifique|consulte|pesquise)|se você|para saber mais'],
  it: [
    'ti consiglio|le consiglio|consiglio di|ti suggerisco|puoi|potresti|può (?:visitare|consultare|verificare|cercare)',
    '^(?:visita|visitare|verifica|controlla|consulta|cerca)|se (?:vuoi|desideri|hai)|per saperne di più',
  ],
  ru: ['рекомендую|советую|предлагаю|(?:вы|вам) (?:можете|стоит|следует)|можно (?:посетить|проверить|поискать)|посетите|проверьте|поищите|ознакомьтесь|если вы|чтобы узнать'],
};

const SPECULATION: PhraseBook = {
  en: [
    '(?:might|may|could) (?:(?:well|also) )?(?:be|have|offer|provide|sell|host|focus|include|relate|belong|refer|serve|speciali[sz]e|cater|target|feature|contain|deal|involve|indicate|suggest)',
    'possibly|perhaps|presumably|probably|likely|conceivably|speculat\\p{L}*|i (?:would )?(?:guess|assume|imagine)|assuming',
    '(?:possible|plausible|conceivable) that|possibilit(?:y|ies)',
    '(?:based on|judging (?:by|from)|going by|from) (?:the|its) (?:(?:domain|site|website) )?(?:name|domain|url|title|tld)',
    '(?:the|its) (?:domain )?(?:name|domain|url) (?:suggests|implies|indicates|hints)',
    '(?:suggests|implies) (?:that )?(?:it|the site|the website)|in (?:their|its|the) (?:name|domain)',
    'generally|typically|usually|in general',
    '(?:websites|sites|domains|businesses|companies|stores|shops) (?:like|such as) (?:this|these|that|it)|such (?:websites|sites|domains|businesses|stores)',
  ],
  zh: ['可能|也许|也許|或许|或許|大概|似乎|猜测|猜測|推测|推測|从名称|從名稱|从名字|從名字|根据名称|根據名稱|顾名思义|顧名思義|通常|一般来说|一般來說|一般而言'],
  ja: ['かもしれ|可能性|と思われ|おそらく|恐らく|名前から|推測|一般的に'],
  ko: ['(?:일|있을) 수 있|것 같|아마|가능성|추측|이름(?:으로|에서)|일반적으로'],
  es: ['podría|podrían|puede que|puede ser|es posible que|posiblemente|probablemente|quizás?|tal vez|presumiblemente|por (?:el|su) nombre|generalmente|normalmente|por lo general'],
  fr: ["pourrait|pourraient|peut-être|probablement|possiblement|il est possible|semble|d'après (?:le|son) nom|à en juger par (?:le|son) nom|généralement|en général"],
  de: ['könnte|könnten|möglicherweise|vielleicht|wahrscheinlich|vermutlich|eventuell|dem namen nach|anhand des namens|in der regel|üblicherweise|normalerweise'],
  pt: ['poderia|poderiam|pode ser|possivelmente|provavelmente|talvez|presumivelmente|pelo nome|geralmente|normalmente'],
  it: ['potrebbe|potrebbero|forse|probabilmente|possibilmente|è possibile|dal nome|generalmente|di solito|presumibilmente'],
  ru: ['возможно|вероятно|может быть|скорее всего|по названию|судя по названию|похоже|предположительно|как правило|обычно'],
};

/** Politeness, restating the question and caveats about the assistant itself: no fact about the site. */
const FILLER: PhraseBook = {
  en: [
    "i(?:'m| am) (?:so )?sorry|i apologi[sz]e|apologies",
    'let me know|feel free|hope (?:this|that|it) helps|(?:happy|glad) to help|i can (?:help|try|assist)',
    "i(?:'d| would) be (?:happy|glad)|great question|good question",
    '(?:can|could|would) you (?:provide|share|clarify|tell|give)|if you (?:can |could )?(?:provide|share|tell|give|clarify)',
    "(?:more|additional|further) context|you (?:asked|are asking|'re asking|mentioned|wrote)",
    "(?:here's|here is|here are) (?:what|an overview|a summary|a breakdown|some information|some details|the information)",
    '^(?:sure|certainly|of course|absolutely|okay|ok)$',
    // "X is a website." says nothing about X.
    '^[^ ]+ (?:is|appears to be|seems to be) (?:a |an )?(?:website|web site|site|domain|domain name|web address|url)$',
    'my (?:knowledge|training|information|data|last (?:update|training))|knowledge cut-?off|training (?:data|cut-?off)|as an ai|language model',
    "i (?:do not|don't|can't|cannot|am unable to|'m unable to) (?:have )?(?:access to )?(?:real-time|live|internet|browsing|web|current|up-to-date)",
    "i (?:can't|cannot|can not|am unable to|'m unable to) (?:browse|access|visit|verify|check)",
    "(?:have|has|with) (?:the )?(?:latest|most recent|(?:most )?up-to-date|most current) (?:information|data|details)|i (?:may|might) not have",
    'may (?:not be (?:current|up to date|accurate|complete)|be (?:outdated|out of date|incomplete)|have changed)',
  ],
  zh: ['抱歉|对不起|對不起|知识库|知識庫|训练数据|訓練數據|截止|实时|實時|作为AI|作為AI|人工智能助手|希望(?:这|這)'],
  ja: ['申し訳|すみません|学習データ|カットオフ|リアルタイム|お役に立て'],
  ko: ['죄송|미안|학습 데이터|실시간|도움이 되'],
  es: ['lo siento|disculpa|mis (?:conocimientos|datos de entrenamiento)|fecha de corte|tiempo real|espero que (?:esto|te|le)'],
  fr: ["désolée?|mes (?:connaissances|données)|date de coupure|temps réel|j'espère que"],
  de: ['tut mir leid|entschuldigung|mein(?:e|em)? (?:wissen|trainingsdaten|kenntnisstand)|wissensstand|echtzeit|ich hoffe'],
  pt: ['desculpe|lamento|meu conhecimento|meus dados|tempo real|espero que'],
  it: ['mi dispiace|spiacente|mie conoscenze|miei dati|tempo reale|spero che'],
  ru: ['извините|прошу прощения|мои(?:х)? (?:знани\\p{L}*|данны\\p{L}*)|реальном времени|надеюсь'],
};

// Reputation cues, each weighing 1 unless listed as severe.
const SEVERE_NEGATIVE: PhraseBook = {
  en: [
    'scam(?:s|mer|mers|my)?|fraud(?:s|ulent|sters?)?|phishing|malware|ransomware|spyware|ponzi|pyramid scheme',
    'counterfeits?|fake (?:shop|store|website|site|products|goods)|rip-?off|identity theft',
  ],
  zh: ['诈骗|詐騙|骗局|騙局|欺诈|欺詐|钓鱼网站|釣魚網站|网络钓鱼|網絡釣魚|網路釣魚|恶意软件|惡意軟體|惡意軟件|假冒|传销|傳銷|庞氏|龐氏'],
  es: ['estafas?|fraudes?|fraudulent[oa]s?|phishing|malware|software malicioso|timos?|falsificad[oa]s?'],
  fr: ['arnaques?|escroquer(?:ie|ies)|fraudes?|frauduleu(?:x|se|ses)|hameçonnage|phishing|logiciels? malveillants?|malware|contrefaçons?'],
  de: ['betrug\\p{L}*|betrüger\\p{L}*|betrügerisch\\p{L}*|abzocke\\p{L}*|phishing\\p{L}*|schadsoftware|malware|fake-?shops?|gefälscht\\p{L}*'],
  pt: ['golpes?|fraudes?|fraudulent[oa]s?|phishing|malware'],
  it: ['truff[ae]|frod[ei]|fraudolent[aeio]|phishing|malware'],
  ru: ['мошенни\\p{L}*|обман\\p{L}*|фишинг\\p{L}*|вредонос\\p{L}*'],
  ja: ['詐欺|フィッシング|マルウェア'],
};

const NEGATIVE: PhraseBook = {
  en: [
    'lawsuits?|sued|class[- ]action|fined|penalt(?:y|ies)|banned|blacklisted|blocklisted|illegal|piracy|pirated',
    '(?:many|numerous|frequent|multiple|several|widespread|lots of|a lot of|significant|serious|common|recurring|growing|hundreds of|thousands of) (?:[a-z]+ )?complaints',
    '(?:poor|negative|bad|terrible|awful|low|scathing|overwhelmingly negative) (?:customer |user )?(?:reviews?|ratings?|feedback|reputation|trust ?score)',
    'data (?:breach|breaches|leak|leaks)|security (?:breach|incident)|(?:was|been) hacked',
    'controvers(?:y|ies|ial)|critici[sz](?:e|es|ed|ing)|criticism|spam(?:my|mer|mers)?|malicious|deceptive|misleading',
    'untrustworthy|unreliable|illegitimate|disreputable|unsafe|dubious|shady|sketchy|questionable|red flags?',
    'not (?:trustworthy|reliable|legitimate|legit|safe|reputable)',
    '1-star|(?<![\\d.])[12](?:\\.\\d)? ?(?:out of 5|/5|stars?)',
  ],
  zh: ['投诉|投訴|差评|差評|负面评价|負面評價|数据泄露|數據洩露|資料外洩|泄露|洩露|诉讼|訴訟|违法|違法|虚假|虛假|罚款|罰款|争议|爭議|不可靠|不安全|可疑'],
  es: [
    '(?:muchas|numerosas|frecuentes|múltiples|varias|abundantes) (?:quejas|reclamaciones)|(?:reseñas|opiniones|valoraciones|críticas) negativas|malas (?:reseñas|opiniones|críticas)',
    'mala reputación|(?:filtración|brecha|fuga) de datos|demandas? (?:judicial(?:es)?|colectivas?)|polémica|controversia|poco fiable|no es (?:fiable|confiable|seguro|legítimo)',
  ],
  fr: [
    '(?:nombreuses|beaucoup de|multiples|fréquentes|plusieurs) plaintes|avis (?:négatifs|mauvais)|mauvais avis|mauvaise réputation',
    'fuite de données|violation de données|procès|poursuites judiciaires|controverses?|peu fiable|douteu(?:x|se)|amendes?',
  ],
  de: [
    '(?:viele|zahlreiche|häufige|mehrere) (?:\\p{L}+ )?beschwerden|(?:negative|schlechte) (?:bewertungen|rezensionen|erfahrungen)|schlechten? ruf',
    'datenleck\\p{L}*|datenpanne\\p{L}*|abmahnung\\p{L}*|unseriös\\p{L}*|zweifelhaft\\p{L}*|warnt|warnung\\p{L}*|kontrovers\\p{L}*|kritik',
  ],
  pt: ['(?:muitas|numerosas|frequentes|várias) reclamações|avaliações negativas|má reputação|vazamento de dados'],
  it: ['(?:molti|numerosi|frequenti) reclami|recensioni negative|cattiva reputazione|violazione dei dati'],
  ru: ['(?:много|многочисленн\\p{L}*) жалоб\\p{L}*|негативн\\p{L}* отзыв\\p{L}*|утечк\\p{L}* данных'],
  ja: ['苦情|悪評|低評価|情報漏洩|情報流出'],
};

const POSITIVE: PhraseBook = {
  en: [
    'reputable|trusted|trustworthy|well[- ]known|best[- ]known|popular|respected|renowned|reliable|legitimate|legit|prais(?:ed|es|ing)|acclaimed',
    'widely (?:used|known|recognized|recognised|respected|trusted|regarded|popular)|highly (?:rated|regarded|respected|recommended|popular|trusted)',
    '(?:a|the|one of the) leading|industry[- ]leading|(?:market|industry) leader|top[- ]rated|well[- ](?:regarded|respected|reviewed|rated|established)',
    'award[- ]winning|won (?:[a-z]+ ){0,2}awards?|household name|go-to',
    '(?:positive|good|great|excellent|favorable|favourable|glowing|strong|solid) (?:customer |user )?(?:reviews?|ratings?|feedback|reputation)',
    'one of the (?:largest|biggest|most popular|best|most visited|most trusted)|millions of (?:users|customers|visitors|readers|members)',
    '(?<![\\d.])(?:4(?:\\.\\d)?|5(?:\\.0)?) ?(?:out of 5|/5|stars?)',
  ],
  zh: ['知名(?!度)|著名|信誉良好|信譽良好|口碑良好|口碑很好|值得信赖|值得信賴|值得信任|可信赖|可信賴|领先|領先|受欢迎|受歡迎|好评|好評|广受|廣受|权威|權威|可靠|屡获|屢獲|获奖|獲獎|备受|備受'],
  es: [
    'reconocid[oa]s?|confiable|fiable|de confianza|líder(?:es)?|populare?s?|prestigios[oa]|prestigio|bien valorad[oa]|galardonad[oa]|respetad[oa]|legítim[oa]',
    '(?:reseñas|opiniones|valoraciones) positivas|buena reputación|muy conocid[oa]|ampliamente (?:utilizad[oa]|conocid[oa]|usad[oa])',
  ],
  fr: ['réputée?|fiable|de confiance|leader|populaire|reconnue?|(?:très|bien) connue?|bien notée?|avis positifs|(?:bonne|excellente) réputation|primée?|respectée?|renommée?|incontournable|légitime'],
  de: [
    'seriös\\p{L}*|vertrauenswürdig\\p{L}*|renommiert\\p{L}*|führend\\p{L}*|beliebt\\p{L}*|angesehen\\p{L}*|ausgezeichnet\\p{L}*|zuverlässig\\p{L}*',
    '(?:positive|gute|sehr gute) (?:bewertungen|rezensionen|erfahrungen)|guten ruf|gut bewertet\\p{L}*|(?:sehr|weithin) bekannt\\p{L}*|bekannteste\\p{L}*|marktführer\\p{L}*|etabliert\\p{L}*',
  ],
  pt: ['popular(?:es)?|confiável|respeitad[oa]|reconhecid[oa]|líder|avaliações positivas|boa reputação'],
  it: ['popolare|affidabile|rinomat[oa]|leader|apprezzat[oa]|recensioni positive|buona reputazione'],
  ru: ['популярн\\p{L}*|надёжн\\p{L}*|надежн\\p{L}*|авторитетн\\p{L}*|крупнейш\\p{L}*|ведущ\\p{L}*|положительн\\p{L}* отзыв\\p{L}*'],
  ja: ['人気|有名|信頼(?:性が高|され|できる)|評判が良|高評価|大手|最大(?:級|手)'],
};

/** Words that, shortly before a cue in the same clause, cancel it: "not", "no reports of", "protects against". */
const NEGATORS_BY_LANGUAGE: Partial<Record<Language, readonly string[]>> = {
  en: [
    'not', 'no', 'never', 'without', 'lack', 'lacks', 'few', 'zero', 'none', 'neither', 'nor', 'nothing', 'less', 'lesser',
    'hardly', 'barely', 'anti', 'against', 'prevent', 'prevents', 'protect', 'protects', 'protecting', 'detect', 'detects',
    'detecting', 'block', 'blocks', 'blocking', 'fight', 'fights', 'fighting', 'combat', 'combats',
  ],
  es: ['no', 'sin', 'poco', 'ningún', 'ninguna', 'ninguno', 'nunca', 'ni', 'contra'],
  fr: ['pas', 'peu', 'aucun', 'aucune', 'sans', 'jamais', 'ni', 'contre', 'non'],
  de: ['nicht', 'kein', 'keine', 'keinen', 'keiner', 'keinem', 'keines', 'ohne', 'nie', 'gegen', 'schutz', 'schützt', 'schützen'],
  pt: ['não', 'sem', 'nenhum', 'nenhuma', 'nunca', 'contra'],
  it: ['non', 'senza', 'nessun', 'nessuna', 'nessuno', 'mai', 'contro'],
  ru: ['не', 'нет', 'без', 'ни', 'против'],
};
const NEGATORS: ReadonlySet<string> = new Set(Object.values(NEGATORS_BY_LANGUAGE).flat());
const NEGATION_WINDOW_WORDS = 5;
/** Chinese negation shortly before a cue; 不少 ("quite a few"), 不仅 ("not only"), 不错 ("good"), 非常 ("very") are not. */
const CJK_NEGATION = /没有|沒有|并非|並非|从未|從未|并无|並無|[无無]|未(?![来來])|非(?!常)|不(?![少断斷仅僅但同错錯])/u;
const CJK_NEGATION_WINDOW_CHARS = 8;

/** "but" and its kin: where one sentence turns into another clause ("I don't know X, but based on the name…"). */
const CONTRAST_WORDS = [
  'but', 'however', 'although', 'though', 'yet', 'pero', 'sin embargo', 'mais', 'cependant', 'toutefois', 'aber', 'jedoch', 'doch',
  'mas', 'porém', 'contudo', 'ma', 'però', 'tuttavia', 'но', 'однако',
].join('|');
const CJK_CONTRAST = '但是|(?<!不)但|不过|不過|然而|可是';
const CONTRAST = new RegExp(`[,;]\\s*(?:${CONTRAST_WORDS})(?![\\p{L}\\p{N}]),?\\s*|;\\s*|[，,]?\\s*(?:${CJK_CONTRAST})[，,]?|(?<=[ぁ-ん])が、|しかし、?`, 'iu');
/** Where a negation stops reaching: a new clause, but not a list ("against malware, phishing and ransomware"). */
const NEGATION_STOP = new RegExp(`[;:()；：，]|,\\s*(?:and|so|while|whereas|which|y|et|und|e|и|${CONTRAST_WORDS})(?![\\p{L}\\p{N}])|${CJK_CONTRAST}`, 'iu');

/** An assistant's way of saying "this site" without naming it, at the start of a clause. */
const SUBJECT_REFERENCE =
  /^(?:it|it's|its|this (?:site|website|company|platform|service)|the (?:site|website|company|platform|service|store|shop|brand|business|marketplace|portal|app)|该网站|該網站|该公司|該公司|该平台|該平台|它)(?![\p{L}\p{N}])/iu;

/** Caveats that open a clause; what follows is judged on its own ("As of my last update, Etsy is…"). */
const OPENING_CAVEATS = [
  'as of (?:my )?(?:last |latest |most recent )?(?:knowledge )?(?:update|cut-?off|training(?: data)?)(?: (?:date|in [a-z]+ \\d{4}|in \\d{4}))?',
  'as of (?:[a-z]+ )?\\d{4}',
  'to (?:the best of )?my knowledge',
  "as far as i (?:know|am aware|'m aware)",
  'based on (?:my )?(?:training data|knowledge|what i know|available information)',
  'according to (?:the )?(?:search results|sources|available sources|its website|public sources|available information)',
];
const OPENING_CAVEAT = new RegExp(
  `^(?:(?:${CONTRAST_WORDS}|that said|still|nevertheless|${CJK_CONTRAST}|しかし)(?![\\p{L}\\p{N}])[,，、]?\\s*)?(?:(?:${OPENING_CAVEATS.join('|')})[,，]?\\s*)?`,
  'iu',
);

/** "Reviews: search Trustpilot…" is judged by what follows the short label. */
const SHORT_LABEL = /^[^:.!?]{1,40}:\s+(?=\S)/u;
const HEADING_MARKER = /^\s{0,3}#{1,6}\s+/u;
const LIST_MARKER = /^\s*(?:[-*+•‣◦]|\d{1,3}[.)])\s+/u;

function compile(book: PhraseBook, flags: string): RegExp {
  const alternatives = Object.entries(book).flatMap(([language, sources]) =>
    (sources ?? []).map((source) => (MATCH_INSIDE_WORDS.has(language) ? `(?:${source})` : `(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`)),
  );
  return new RegExp(alternatives.join('|'), flags);
}

const REFUSAL_PATTERN = compile(REFUSALS, 'iu');
const ADVICE_PATTERN = compile(ADVICE, 'iu');
const SPECULATION_PATTERN = compile(SPECULATION, 'iu');
const FILLER_PATTERN = compile(FILLER, 'iu');
const REPUTATION_CUES = [
  { side: 'negative', weight: 2, pattern: compile(SEVERE_NEGATIVE, 'giu') },
  { side: 'negative', weight: 1, pattern: compile(NEGATIVE, 'giu') },
  { side: 'positive', weight: 1, pattern: compile(POSITIVE, 'giu') },
] as const;

type ClauseKind = 'refusal' | 'advice' | 'speculation' | 'filler' | 'question' | 'fragment' | 'description';

interface Clause {
  text: string;
  kind: ClauseKind;
  /** The phrase that decided the kind, for the reasons. */
  evidence: string;
}

/**
 * Whether a sentence says the assistant does not know or could not find something ("I couldn't find
 * any information about Acme", "我没有找到关于…的信息"): a name in it is not a mention.
 */
export function saysNotKnown(sentence: string): boolean {
  return REFUSAL_PATTERN.test(cleanInline(normaliseText(sentence)));
}

export function classifyAnswer(input: { answer: string; domain: string; brand: string }): AnswerClassification {
  const answer = asText(input.answer).slice(0, MAX_ANSWER_CHARS);
  if (answer.trim() === '') return { status: 'unknown', reputation: 'unknown', reasons: ['empty answer'] };

  const clauses = readClauses(answer);
  const awareness = judgeAwareness(clauses, subjectNames(asText(input.domain), asText(input.brand)));
  if (awareness.status === 'unknown') return { status: 'unknown', reputation: 'unknown', reasons: awareness.reasons };
  const judged = judgeReputation(clauses.filter((clause) => !SILENT_ON_REPUTATION.has(clause.kind)));
  return { status: 'known', reputation: judged.reputation, reasons: [...awareness.reasons, ...judged.reasons] };
}

/**
 * A refusal's "no reports of scams", advice's "make sure it is not a scam" and a question's "Is it
 * legit?" say nothing about this site's reputation.
 */
const SILENT_ON_REPUTATION: ReadonlySet<ClauseKind> = new Set(['refusal', 'advice', 'question']);

function judgeAwareness(clauses: readonly Clause[], names: readonly string[]): { status: Awareness; reasons: string[] } {
  const descriptions = clauses.filter((clause) => clause.kind === 'description');
  const refusals = clauses.filter((clause) => clause.kind === 'refusal');
  const [firstDescription] = descriptions;
  const [firstRefusal] = refusals;
  const refusalFirst = firstRefusal !== undefined && (!firstDescription || clauses.indexOf(firstRefusal) < clauses.indexOf(firstDescription));
  const reasons = firstRefusal ? [`${refusalFirst ? 'refusal' : 'refusal after the description'}: ${quote(firstRefusal.evidence)}`] : [];

  if (!firstDescription) return { status: 'unknown', reasons: [...reasons, `no description of the site (${countKinds(clauses)})`] };
  const descriptionsOutweigh =
    descriptions.length >= 2 && descriptions.length > refusals.length && descriptions.some((clause) => namesSubject(clause.text, names));
  if (refusalFirst && !descriptionsOutweigh) return { status: 'unknown', reasons: [...reasons, `refusal outweighs ${descriptions.length} descriptive sentence(s)`] };
  return { status: 'known', reasons: [...reasons, `description: ${quote(firstDescription.text)}`, `${descriptions.length} descriptive sentence(s)`] };
}

/** Callers pass platform output straight through; a missing field must not throw. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function readClauses(answer: string): Clause[] {
  const clauses: Clause[] = [];
  // Advice or speculation that ends with a colon ("This could be because:") colours the list below it.
  let leadIn: ClauseKind | undefined;
  for (const rawLine of normaliseText(answer).split('\n')) {
    const heading = HEADING_MARKER.test(rawLine);
    const withoutHeading = rawLine.replace(HEADING_MARKER, '').replace(/^\s*>\s?/u, '');
    const listItem = LIST_MARKER.test(withoutHeading);
    const line = cleanInline(withoutHeading.replace(LIST_MARKER, ''));
    if (!/[\p{L}\p{N}]/u.test(line)) continue;
    if (!listItem) leadIn = undefined;

    const inherited = leadIn;
    const lineClauses = splitClauses(line).map((text) => {
      const clause = classifyClause(text);
      const saysNothingElse = clause.kind === 'description' || clause.kind === 'fragment';
      return inherited && saysNothingElse ? { ...clause, kind: inherited } : clause;
    });
    clauses.push(...lineClauses);

    const last = lineClauses.at(-1);
    if (last && (heading || /[:：]$/u.test(line)) && (last.kind === 'advice' || last.kind === 'speculation')) leadIn = last.kind;
  }
  return clauses;
}

function normaliseText(answer: string): string {
  return answer
    .replace(/\r\n?/gu, '\n')
    .replace(/<br\s*\/?>/giu, '\n')
    .replace(/[\u2018\u2019\u02bc]/gu, "'")
    .replace(/[\u201c\u201d]/gu, '"');
}

/** Drops markdown and citation markers so that phrases match across them. */
function cleanInline(line: string): string {
  return line
    .replace(/\[([^\]\n]*)\]\([^)\s]*\)/gu, '$1')
    .replace(/\[\^?\d+(?:[,\s-]*\d+)*\]|【\d+[^】]*】/gu, '')
    .replace(/\*{1,3}|_{2,3}|`+/gu, '')
    .replace(/\|/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

function splitClauses(line: string): string[] {
  return line
    .split(/(?<=[.!?…])\s+|(?<=[。！？；])/u)
    .flatMap((sentence) => sentence.split(CONTRAST))
    .map((clause) => clause.trim())
    .filter((clause) => /[\p{L}\p{N}]/u.test(clause));
}

function classifyClause(text: string): Clause {
  if (/[?？]\s*$/u.test(text)) return { text, kind: 'question', evidence: text };
  const refusal = REFUSAL_PATTERN.exec(text);
  if (refusal) return { text, kind: 'refusal', evidence: refusal[0] };

  const body = text.replace(OPENING_CAVEAT, '').replace(SHORT_LABEL, '');
  const judged: [ClauseKind, RegExp][] = [['advice', ADVICE_PATTERN], ['speculation', SPECULATION_PATTERN], ['filler', FILLER_PATTERN]];
  for (const [kind, pattern] of judged) {
    const match = pattern.exec(body);
    if (match) return { text, kind, evidence: match[0] };
  }
  return { text, kind: saysSomething(body) ? 'description' : 'fragment', evidence: body };
}

/** Four words, or six CJK characters, are about the least that can describe a site. */
function saysSomething(text: string): boolean {
  const words = text.split(' ').filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  const cjkCharacters = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  return words >= 4 || cjkCharacters >= 6;
}

function judgeReputation(clauses: readonly Clause[]): { reputation: Reputation; reasons: string[] } {
  const weights = { positive: 0, negative: 0 };
  const cues = { positive: [] as string[], negative: [] as string[], negated: [] as string[] };
  for (const { text } of clauses) {
    for (const { side, weight, pattern } of REPUTATION_CUES) {
      for (const match of text.matchAll(pattern)) {
        const cue = match[0];
        if (isNegated(text, match.index)) {
          cues.negated.push(cue);
        } else {
          weights[side] += weight;
          cues[side].push(cue);
        }
      }
    }
  }

  const reasons = [
    ...listCues('positive', cues.positive),
    ...listCues('negative', cues.negative),
    ...listCues('ignored (negated)', cues.negated),
  ];
  const { positive, negative } = weights;
  const reputation: Reputation = negative > 0 && negative >= 2 * positive ? 'negative' : positive > 0 && positive >= 2 * negative ? 'positive' : 'neutral';
  const balance = positive + negative === 0 ? 'no reputation cues' : `${positive} positive vs ${negative} negative`;
  return { reputation, reasons: [...reasons, `reputation ${reputation}: ${balance}`] };
}

function isNegated(text: string, cueStart: number): boolean {
  const before = text.slice(Math.max(0, cueStart - 80), cueStart);
  const sameClause = before.split(NEGATION_STOP).at(-1) ?? '';
  if (CJK_NEGATION.test(sameClause.slice(-CJK_NEGATION_WINDOW_CHARS))) return true;
  const words = sameClause.toLowerCase().split(/[^\p{L}\p{N}']+/u).filter(Boolean).slice(-NEGATION_WINDOW_WORDS);
  return words.some((word, index) => isNegator(word, words[index + 1]));
}

function isNegator(word: string, next: string | undefined): boolean {
  // "not only popular" praises; "free of malware" negates where "a free and popular site" does not.
  if (word === 'not') return next !== 'only';
  if (word === 'free') return next === 'of' || next === 'from';
  return NEGATORS.has(word) || word.endsWith("n't");
}

function listCues(label: string, cues: readonly string[]): string[] {
  const distinct = [...new Set(cues.map((cue) => cue.toLowerCase()))];
  return distinct.length === 0 ? [] : [`${label}: ${distinct.slice(0, 3).map(quote).join(', ')}`];
}

function countKinds(clauses: readonly Clause[]): string {
  const counts = new Map<ClauseKind, number>();
  for (const { kind } of clauses) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ');
}

function quote(text: string): string {
  return `"${text.length > 80 ? `${text.slice(0, 79)}…` : text}"`;
}

function subjectNames(domain: string, brand: string): string[] {
  const host = siteHost(domain);
  const label = registrableLabel(host);
  const brandName = brand.trim().toLowerCase();
  const names = [host, host.split('.').map(decodeLabel).join('.'), label, decodeLabel(label), brandName, brandName.replace(/[\s-]+/gu, '')];
  return [...new Set(names)].filter((name) => name.length >= 3);
}

function namesSubject(text: string, names: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return names.some((name) => lower.includes(name)) || SUBJECT_REFERENCE.test(text);
}
