/**
 * The phrase tables the answer classifier reads answers with, per language, compiled once: refusals
 * ("I don't have information about…"), advice, speculation, filler, and reputation cues.
 */

export type Language = 'en' | 'zh' | 'ja' | 'ko' | 'es' | 'fr' | 'de' | 'pt' | 'it' | 'ru';

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
  zh: [
    '建议|建議|您可以|你可以|可以通过|可以通過|请您|請您|推荐您|推薦您|不妨|如果您|如果你|若您|查询|查詢|访问该网站|訪問該網站|访问官网|訪問官網|造訪',
  ],
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
  pt: [
    'recomendo|sugiro|você pode|você poderia|pode (?:visitar|consultar|verificar|pesquisar)|^(?:visite|verifique|consulte|pesquise)|se você|para saber mais',
  ],
  it: [
    'ti consiglio|le consiglio|consiglio di|ti suggerisco|puoi|potresti|può (?:visitare|consultare|verificare|cercare)',
    '^(?:visita|visitare|verifica|controlla|consulta|cerca)|se (?:vuoi|desideri|hai)|per saperne di più',
  ],
  ru: [
    'рекомендую|советую|предлагаю|(?:вы|вам) (?:можете|стоит|следует)|можно (?:посетить|проверить|поискать)|посетите|проверьте|поищите|ознакомьтесь|если вы|чтобы узнать',
  ],
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
  zh: [
    '可能|也许|也許|或许|或許|大概|似乎|猜测|猜測|推测|推測|从名称|從名稱|从名字|從名字|根据名称|根據名稱|顾名思义|顧名思義|通常|一般来说|一般來說|一般而言',
  ],
  ja: ['かもしれ|可能性|と思われ|おそらく|恐らく|名前から|推測|一般的に'],
  ko: ['(?:일|있을) 수 있|것 같|아마|가능성|추측|이름(?:으로|에서)|일반적으로'],
  es: [
    'podría|podrían|puede que|puede ser|es posible que|posiblemente|probablemente|quizás?|tal vez|presumiblemente|por (?:el|su) nombre|generalmente|normalmente|por lo general',
  ],
  fr: [
    "pourrait|pourraient|peut-être|probablement|possiblement|il est possible|semble|d'après (?:le|son) nom|à en juger par (?:le|son) nom|généralement|en général",
  ],
  de: [
    'könnte|könnten|möglicherweise|vielleicht|wahrscheinlich|vermutlich|eventuell|dem namen nach|anhand des namens|in der regel|üblicherweise|normalerweise',
  ],
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
    '(?:have|has|with) (?:the )?(?:latest|most recent|(?:most )?up-to-date|most current) (?:information|data|details)|i (?:may|might) not have',
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
  de: [
    'betrug\\p{L}*|betrüger\\p{L}*|betrügerisch\\p{L}*|abzocke\\p{L}*|phishing\\p{L}*|schadsoftware|malware|fake-?shops?|gefälscht\\p{L}*',
  ],
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
  zh: [
    '投诉|投訴|差评|差評|负面评价|負面評價|数据泄露|數據洩露|資料外洩|泄露|洩露|诉讼|訴訟|违法|違法|虚假|虛假|罚款|罰款|争议|爭議|不可靠|不安全|可疑',
  ],
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
  zh: [
    '知名(?!度)|著名|信誉良好|信譽良好|口碑良好|口碑很好|值得信赖|值得信賴|值得信任|可信赖|可信賴|领先|領先|受欢迎|受歡迎|好评|好評|广受|廣受|权威|權威|可靠|屡获|屢獲|获奖|獲獎|备受|備受',
  ],
  es: [
    'reconocid[oa]s?|confiable|fiable|de confianza|líder(?:es)?|populare?s?|prestigios[oa]|prestigio|bien valorad[oa]|galardonad[oa]|respetad[oa]|legítim[oa]',
    '(?:reseñas|opiniones|valoraciones) positivas|buena reputación|muy conocid[oa]|ampliamente (?:utilizad[oa]|conocid[oa]|usad[oa])',
  ],
  fr: [
    'réputée?|fiable|de confiance|leader|populaire|reconnue?|(?:très|bien) connue?|bien notée?|avis positifs|(?:bonne|excellente) réputation|primée?|respectée?|renommée?|incontournable|légitime',
  ],
  de: [
    'seriös\\p{L}*|vertrauenswürdig\\p{L}*|renommiert\\p{L}*|führend\\p{L}*|beliebt\\p{L}*|angesehen\\p{L}*|ausgezeichnet\\p{L}*|zuverlässig\\p{L}*',
    '(?:positive|gute|sehr gute) (?:bewertungen|rezensionen|erfahrungen)|guten ruf|gut bewertet\\p{L}*|(?:sehr|weithin) bekannt\\p{L}*|bekannteste\\p{L}*|marktführer\\p{L}*|etabliert\\p{L}*',
  ],
  pt: ['popular(?:es)?|confiável|respeitad[oa]|reconhecid[oa]|líder|avaliações positivas|boa reputação'],
  it: ['popolare|affidabile|rinomat[oa]|leader|apprezzat[oa]|recensioni positive|buona reputazione'],
  ru: ['популярн\\p{L}*|надёжн\\p{L}*|надежн\\p{L}*|авторитетн\\p{L}*|крупнейш\\p{L}*|ведущ\\p{L}*|положительн\\p{L}* отзыв\\p{L}*'],
  ja: ['人気|有名|信頼(?:性が高|され|できる)|評判が良|高評価|大手|最大(?:級|手)'],
};

function compile(book: PhraseBook, flags: string): RegExp {
  const alternatives = Object.entries(book).flatMap(([language, sources]) =>
    (sources ?? []).map((source) =>
      MATCH_INSIDE_WORDS.has(language) ? `(?:${source})` : `(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`,
    ),
  );
  return new RegExp(alternatives.join('|'), flags);
}

export const REFUSAL_PATTERN = compile(REFUSALS, 'iu');
export const ADVICE_PATTERN = compile(ADVICE, 'iu');
export const SPECULATION_PATTERN = compile(SPECULATION, 'iu');
export const FILLER_PATTERN = compile(FILLER, 'iu');
export const REPUTATION_CUES = [
  { side: 'negative', weight: 2, pattern: compile(SEVERE_NEGATIVE, 'giu') },
  { side: 'negative', weight: 1, pattern: compile(NEGATIVE, 'giu') },
  { side: 'positive', weight: 1, pattern: compile(POSITIVE, 'giu') },
] as const;
