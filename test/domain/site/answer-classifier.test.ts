import { classifyAnswer } from '../../../domain/site/answer-classifier';

const acme = { domain: 'acme-widgets.com', brand: 'Acme Widgets' };

function classify(answer: string, site: { domain: string; brand: string } = acme) {
  return classifyAnswer({ answer, ...site });
}

describe('classifyAnswer: the assistant does not know the site', () => {
  test.each(['', '   \n\t  '])('an empty answer (%j) is unknown', (answer) => {
    expect(classify(answer)).toEqual({ status: 'unknown', reputation: 'unknown', reasons: ['empty answer'] });
  });

  test.each([
    [
      'ChatGPT',
      `I'm sorry, but I don't have any information about the website acme-widgets.com. It might be a relatively new or small website that hasn't gained much attention, or it could be a niche site. To learn more about it, I recommend visiting the website directly, checking for an "About Us" section, and looking for reviews or mentions on other platforms. Additionally, you can use tools like WHOIS to find out who owns the domain and when it was registered.`,
      /refusal: "I don't have any information"/,
    ],
    [
      'Claude',
      `I don't have any specific information about acme-widgets.com in my knowledge base. This could be because:

1. It's a relatively small or niche website
2. It was created after my training data cutoff
3. It's not widely referenced online

To learn about this website, I'd suggest:
- Visiting the site directly to see what it offers
- Checking review sites like Trustpilot or Sitejabber
- Looking up the domain on WHOIS to see registration details
- Searching for news articles or discussions about it

If you can share what you know about it, I'm happy to help you think through anything specific.`,
      /refusal: "I don't have any specific information"/,
    ],
    [
      'Gemini',
      `I couldn't find any reliable information about a website called "acme-widgets.com". It's possible that:

* **The website is new:** It may have been launched recently and hasn't been indexed widely yet.
* **The website is small or niche:** It might serve a very specific audience.
* **There's a typo:** The domain name might be spelled differently.

**To learn more, you can try:**

* **Visiting the website directly:** Look for an "About Us" page.
* **Searching on Google:** Search for "acme-widgets.com reviews".
* **Checking WHOIS records:** A WHOIS lookup shows who registered the domain and when.`,
      /refusal: "I couldn't find any reliable information"/,
    ],
    [
      'DeepSeek',
      `As of my knowledge cutoff in July 2024, I don't have specific information about the website **acme-widgets.com**. It may be a small, niche, or newly launched site that hasn't gained significant online presence. Here's how you can learn more:

### 1. **Check the Website Directly**
   - Visit acme-widgets.com to see its offerings, "About Us" page, and contact details.
   - Look for privacy policies, terms of service, and customer support information.

### 2. **Search for Reviews**
   - Use platforms like **Trustpilot**, **Sitejabber**, or **Reddit** to find user feedback on acme-widgets.com.

### 3. **Verify Domain Details**
   - Use **WHOIS lookup** tools (e.g., whois.domaintools.com) to check when acme-widgets.com was registered and by whom.

### 4. **Be Cautious**
   - If the site asks for sensitive information, verify its legitimacy first.

Let me know if you'd like help with anything else!`,
      /refusal: "I don't have specific information"/,
    ],
    [
      'Perplexity',
      `There is no widely known website called acme-widgets.com in the available search results. The search results instead discuss Acme Corporation, the fictional company from Looney Tunes cartoons, and several unrelated widget manufacturers [1][2]. If you can share more context about acme-widgets.com, I can try to help further.`,
      /refusal: "There is no widely known website"/,
    ],
  ])('a %s-style refusal that suggests ways to look the site up is unknown', (_platform, answer, refusal) => {
    const result = classify(answer);
    expect(result.status).toBe('unknown');
    expect(result.reputation).toBe('unknown');
    expect(result.reasons.join('\n')).toMatch(refusal);
  });

  test('repeating the domain does not make a refusal known', () => {
    const answer = `I don't have any information about acme-widgets.com. acme-widgets.com doesn't appear in my training data, and I can't browse the web to look up acme-widgets.com. To learn what acme-widgets.com offers, you could:

1. Visit acme-widgets.com directly and read its About page
2. Run a WHOIS lookup for acme-widgets.com to see when it was registered
3. Search for "acme-widgets.com reviews" on Trustpilot or Reddit`;
    expect(classify(answer).status).toBe('unknown');
  });

  test('"As of my knowledge cutoff I have no data on…" is a refusal', () => {
    const answer =
      'As of my knowledge cutoff, I have no data on acme-widgets.com. It may have been created recently, or it may simply not be widely referenced.';
    expect(classify(answer)).toMatchObject({ status: 'unknown', reputation: 'unknown' });
  });

  test('a hedge that only speculates from the name is unknown', () => {
    const answer = `I don't have specific information about acme-widgets.com, but based on the name it might be a site selling widgets or related hardware. If you're considering buying from it, check for reviews on Trustpilot, look up the domain's WHOIS record, and make sure the checkout uses HTTPS.`;
    expect(classify(answer).status).toBe('unknown');
  });

  test('speculation from the name without any refusal is still unknown', () => {
    const answer = `Based on its name, acme-widgets.com is probably an online store that sells widgets or small mechanical parts. Sites like this usually target hobbyists and small manufacturers.`;
    expect(classify(answer).status).toBe('unknown');
  });

  test('a refusal followed by a single unattributed sentence stays unknown', () => {
    const answer = `I'm not familiar with acme-widgets.com. It appears to be a personal project.`;
    expect(classify(answer).status).toBe('unknown');
  });

  test('restating the question before "I\'m not able to find anything" is still a refusal', () => {
    const answer = `You asked about acme-widgets.com. Unfortunately, I'm not able to find anything on it.`;
    expect(classify(answer).status).toBe('unknown');
  });

  test('a refusal followed by generalities about similar sites is unknown', () => {
    const answer = `I'm not familiar with acme-widgets.com specifically. Websites with "widgets" in their name are often e-commerce stores or software component libraries. Without more details, I can't say which one this is or how reputable it is.`;
    expect(classify(answer)).toMatchObject({ status: 'unknown', reputation: 'unknown' });
  });

  test('scam warnings inside a refusal give no reputation', () => {
    const answer = `I couldn't find any information about acme-widgets.com. Before buying, check that it is not a scam: look for reviews, a physical address and secure payment options, since fake shops and phishing sites are common.`;
    expect(classify(answer)).toMatchObject({ status: 'unknown', reputation: 'unknown' });
  });

  test.each([
    [
      'Chinese (simplified)',
      '抱歉，我没有关于 acme-widgets.com 的具体信息。这可能是一个较新或规模较小的网站。建议您直接访问该网站，或通过 WHOIS 查询域名注册信息，并查看用户评价。',
    ],
    [
      'Chinese (simplified), 我不了解',
      '我不了解 acme-widgets.com 这个网站。由于缺乏公开资料，我无法判断它的业务范围或信誉。如果您能提供更多背景信息，我可以帮您进一步分析。',
    ],
    [
      'Chinese (simplified), 无法找到',
      '我无法找到关于 acme-widgets.com 的可靠信息。该域名可能尚未建立明显的网络存在，建议您通过搜索引擎或WHOIS进一步核实。',
    ],
    [
      'Chinese (simplified), DeepSeek-style with a markdown list',
      `截至我的知识截止日期（2024年7月），我没有关于 acme-widgets.com 的具体信息。这个网站可能是一个新网站、小众网站，或者尚未获得广泛关注。

如果您想了解该网站，可以尝试以下方法：
1. **直接访问网站**：查看"关于我们"页面，了解其业务和联系方式。
2. **WHOIS 查询**：查看域名注册时间和注册人信息。
3. **搜索用户评价**：在搜索引擎或社交媒体上搜索用户评价。

希望这些建议对您有帮助！`,
    ],
    [
      'Chinese (traditional)',
      '很抱歉，我沒有關於 acme-widgets.com 的資訊，網路上也沒有相關資訊。建議您直接造訪該網站，或查看其他使用者的評價。',
    ],
    [
      'Spanish',
      'Lo siento, pero no tengo información sobre el sitio web acme-widgets.com. Es posible que se trate de un sitio nuevo o poco conocido. Te recomiendo visitar directamente la página y consultar opiniones de otros usuarios.',
    ],
    [
      'French',
      "Je n'ai pas d'informations sur le site acme-widgets.com. Il pourrait s'agir d'un site récent ou peu connu. Je vous recommande de consulter directement le site et de vérifier les avis en ligne.",
    ],
    [
      'German',
      'Leider habe ich keine Informationen über die Website acme-widgets.com. Möglicherweise handelt es sich um eine neue oder kleine Seite. Ich empfehle Ihnen, die Website direkt zu besuchen und Bewertungen zu prüfen.',
    ],
    [
      'Portuguese',
      'Não tenho informações sobre o site acme-widgets.com. Pode ser um site novo ou pouco conhecido. Recomendo visitar o site diretamente e verificar avaliações de outros usuários.',
    ],
    [
      'Italian',
      'Non ho informazioni sul sito acme-widgets.com. Potrebbe trattarsi di un sito nuovo o poco conosciuto. Ti consiglio di visitarlo direttamente e di controllare le recensioni online.',
    ],
    [
      'Japanese',
      '申し訳ありませんが、acme-widgets.com というウェブサイトについての情報は持っていません。新しいサイトか、小規模なサイトである可能性があります。詳しく知りたい場合は、公式サイトを直接ご確認ください。',
    ],
    [
      'Korean',
      '죄송하지만 acme-widgets.com이라는 웹사이트에 대한 정보가 없습니다. 새로 생긴 사이트이거나 규모가 작은 사이트일 수 있습니다. 웹사이트를 직접 방문해 보시거나 사용자 리뷰를 확인해 보시기 바랍니다.',
    ],
    [
      'Russian',
      'К сожалению, у меня нет информации о сайте acme-widgets.com. Возможно, это новый или малоизвестный ресурс. Рекомендую посетить сайт напрямую и проверить отзывы пользователей.',
    ],
  ])('a refusal in %s is unknown', (_language, answer) => {
    const result = classify(answer);
    expect(result).toMatchObject({ status: 'unknown', reputation: 'unknown' });
    expect(result.reasons.join('\n')).toMatch(/^refusal: /m);
  });
});

describe('classifyAnswer: the assistant knows the site', () => {
  test('a structured markdown description is known', () => {
    const answer = `**Wikipedia.org** is a free, multilingual online encyclopedia written and maintained by a community of volunteer editors. Launched in 2001 by Jimmy Wales and Larry Sanger, it is hosted by the Wikimedia Foundation, a non-profit organization.

### Who it's for
- Students, researchers and general readers looking for quick overviews of topics
- Volunteers who want to contribute and edit articles

### Reputation
Wikipedia is one of the most visited websites in the world and is widely regarded as a useful starting point for research. Critics note that, because anyone can edit it, articles can contain errors or vandalism, so academics generally advise checking its cited sources.`;
    const result = classify(answer, { domain: 'wikipedia.org', brand: 'Wikipedia' });
    expect(result.status).toBe('known');
    expect(result.reasons.join('\n')).toMatch(/description: "Wikipedia\.org is a free, multilingual online encyclopedia/);
  });

  test('one sentence that names the site and says what it is is known', () => {
    const answer =
      'Acme Widgets (acme-widgets.com) is a Sheffield-based online shop selling industrial fasteners and hand tools to tradespeople.';
    expect(classify(answer)).toMatchObject({ status: 'known', reputation: 'neutral' });
  });

  test.each([
    'I may not have the most up-to-date information, but **Etsy.com** is a global online marketplace focused on handmade, vintage and craft-supply items. It connects independent sellers with buyers around the world and charges sellers listing and transaction fees.',
    'As of my last update in 2023, Etsy.com is an e-commerce marketplace for handmade and vintage goods.',
  ])('a small caveat before a real description is known: %s', (answer) => {
    expect(classify(answer, { domain: 'etsy.com', brand: 'Etsy' }).status).toBe('known');
  });

  test.each([
    [
      'Japanese',
      'mercari.com',
      'Mercari',
      'メルカリ（mercari.com）は、日本発のフリマアプリおよびウェブサービスです。2013年に設立され、個人間で中古品を簡単に売買できます。日本国内で非常に人気があり、数千万人の利用者がいます。',
    ],
    [
      'Russian',
      'avito.ru',
      'Avito',
      'Avito.ru — крупнейший российский сайт объявлений, основанный в 2007 году. На нём частные лица и компании продают товары, недвижимость, автомобили и услуги.',
    ],
    [
      'Korean',
      'naver.com',
      'Naver',
      '네이버(naver.com)는 대한민국의 대표적인 검색 포털로, 1999년에 설립되었습니다. 뉴스, 블로그, 쇼핑, 지도 등 다양한 서비스를 제공합니다.',
    ],
  ])('a description in %s is known', (_language, domain, brand, answer) => {
    expect(classify(answer, { domain, brand }).status).toBe('known');
  });

  test('a description followed by "I couldn\'t find…" about one detail is known', () => {
    const answer = `Acme Widgets is a Sheffield-based online shop selling industrial fasteners and hand tools. I couldn't find any information about who owns it.`;
    const result = classify(answer);
    expect(result.status).toBe('known');
    expect(result.reasons).toContain(`refusal after the description: "I couldn't find any information"`);
  });

  test('a refusal outweighed by a substantive description of the site is known', () => {
    const answer = `I don't have detailed information about acme-widgets.com in my training data. However, Acme Widgets is a Sheffield-based retailer of industrial fasteners and hand tools, founded in 2012. The company sells mainly to tradespeople and small workshops across the UK, and offers next-day delivery on most orders.`;
    expect(classify(answer).status).toBe('known');
  });
});

describe('classifyAnswer: reputation', () => {
  test('reports of scams and counterfeits make it negative', () => {
    const answer = `Based on available reports, **cheap-rayban-outlet.shop** is an online store that advertises Ray-Ban sunglasses at discounts of up to 90%.

**Reputation:** Several consumer-protection sites flag it as a likely scam. ScamAdviser gives it a very low trust score, and buyers on Reddit report paying by card and never receiving their orders, or receiving obvious counterfeits. The domain was registered only a few months ago and the owner's identity is hidden.

If you have already paid, contact your bank to dispute the charge.`;
    const result = classify(answer, { domain: 'cheap-rayban-outlet.shop', brand: 'Cheap Rayban Outlet' });
    expect(result).toMatchObject({ status: 'known', reputation: 'negative' });
    expect(result.reasons.join('\n')).toMatch(/negative: .*"scam"/);
  });

  test('a widely used, highly rated site is positive', () => {
    const answer = `Acme Widgets (acme-widgets.com) is a UK-based online retailer specialising in industrial fasteners, hand tools and workshop supplies[1][2]. Founded in 2012 in Sheffield, the company sells primarily to tradespeople, small manufacturers and DIY enthusiasts[1].

**Reputation**
- Rated 4.6/5 on Trustpilot from over 2,000 reviews, with customers praising fast delivery[3].
- No major complaints or scam reports were found[3][4].`;
    expect(classify(answer)).toMatchObject({ status: 'known', reputation: 'positive' });
  });

  test('negated cues count for nothing: "not a scam", "no reports of fraud", "not well known"', () => {
    const answer = `Acme Widgets (acme-widgets.com) is a small UK-based retailer of industrial fasteners and hand tools, founded in 2012. It mainly serves trade customers and hobbyists. There are no reports of fraud associated with the site, and it is not a scam as far as available reviews show; customers report no major complaints. It is not particularly well known outside the UK.`;
    const result = classify(answer);
    expect(result).toMatchObject({ status: 'known', reputation: 'neutral' });
    expect(result.reasons.join('\n')).toMatch(/ignored \(negated\): "fraud", "scam"/);
  });

  test('"not well known" and "not particularly popular" are not praise', () => {
    const answer = `Acme Widgets (acme-widgets.com) is a small online shop for hobby electronics kits run by two engineers in Leeds. It is not well known outside the maker community and is not particularly popular, with only a handful of reviews online.`;
    expect(classify(answer)).toMatchObject({ status: 'known', reputation: 'neutral' });
  });

  test('a security vendor that protects against malware and phishing is not negative', () => {
    const answer = `Norton.com is the website of Norton, a consumer cybersecurity brand owned by Gen Digital. It sells antivirus software, VPN and identity-theft protection subscriptions for Windows, macOS, Android and iOS. Its products protect users against malware, phishing and ransomware. Norton is one of the best-known names in consumer security.`;
    expect(classify(answer, { domain: 'norton.com', brand: 'Norton' })).toMatchObject({ status: 'known', reputation: 'positive' });
  });

  test('"free" describes a price, not a negation: "a free and popular app" is positive', () => {
    const answer = `Duolingo (duolingo.com) is a free and popular language-learning app offering short, gamified lessons in over 40 languages. It is aimed at casual learners, students and travellers.`;
    expect(classify(answer, { domain: 'duolingo.com', brand: 'Duolingo' }).reputation).toBe('positive');
  });

  test('balanced praise and trouble is neutral', () => {
    const answer = `Example Social (example-social.com) is a social network for photographers, launched in 2015, where members share portfolios and join critique groups. It is well known in the hobbyist community and popular with younger photographers. However, it has faced lawsuits over image licensing and suffered a data breach in 2021 that exposed users' email addresses.`;
    const result = classify(answer, { domain: 'example-social.com', brand: 'Example Social' });
    expect(result).toMatchObject({ status: 'known', reputation: 'neutral' });
    expect(result.reasons).toContain('reputation neutral: 2 positive vs 2 negative');
  });

  test('praise that clearly dominates one criticism stays positive', () => {
    const answer = `Etsy.com is a global online marketplace focused on handmade, vintage and craft-supply items. It connects independent sellers with buyers around the world. It is popular with small creative businesses and generally well regarded by shoppers, although some sellers have criticized its fee increases.`;
    expect(classify(answer, { domain: 'etsy.com', brand: 'Etsy' }).reputation).toBe('positive');
  });

  test.each([
    [
      'Chinese, positive',
      'zhihu.com',
      'Zhihu',
      '知乎（zhihu.com）是中国最大的中文问答社区之一，成立于2011年。用户可以在平台上提问、回答问题并分享专业知识，主要面向受过高等教育的年轻用户。知乎在中国互联网上非常知名，口碑良好，被认为是高质量内容的来源。',
      'positive',
    ],
    [
      'Chinese, negative',
      'cheap-outlet.shop',
      'Cheap Outlet',
      'cheap-outlet.shop 是一个以超低价销售名牌墨镜的网上商店。多名用户投诉付款后从未收到商品，消费者保护网站将其列为诈骗网站。',
      'negative',
    ],
    [
      'Chinese, negated',
      'acme-widgets.com',
      'Acme Widgets',
      'Acme Widgets（acme-widgets.com）是一家位于英国谢菲尔德的工业紧固件和手动工具网上商店，成立于2012年。目前没有诈骗或欺诈的报道。',
      'neutral',
    ],
    [
      'Spanish, negative',
      'cheap-outlet.shop',
      'Cheap Outlet',
      'Cheap-outlet.shop es una tienda en línea que vende gafas de sol de marca a precios muy bajos. Numerosos usuarios la han señalado como una estafa: pagan con tarjeta y nunca reciben el pedido. Además, el dominio se registró hace pocos meses.',
      'negative',
    ],
    [
      'Spanish, negated',
      'acme-widgets.com',
      'Acme Widgets',
      'Acme Widgets es una tienda en línea británica de herramientas y tornillería industrial fundada en 2012. Según las reseñas disponibles, no es una estafa y no hay quejas graves.',
      'neutral',
    ],
    [
      'French, positive',
      'leboncoin.fr',
      'Leboncoin',
      "Leboncoin.fr est un site français de petites annonces fondé en 2006. Il permet aux particuliers et aux professionnels de vendre et d'acheter des biens d'occasion, de l'immobilier ou des véhicules. C'est l'un des sites les plus visités de France, très populaire et reconnu pour sa simplicité.",
      'positive',
    ],
    [
      'German, negative',
      'billig-markenuhren.de',
      'Billig Markenuhren',
      'Billig-markenuhren.de ist ein Onlineshop, der Markenuhren zu extrem niedrigen Preisen anbietet. Die Verbraucherzentrale warnt vor dem Shop: Es handelt sich um eine bekannte Betrugsmasche, bei der Kunden per Vorkasse zahlen und nie Ware erhalten. Auf Trustpilot finden sich zahlreiche negative Bewertungen.',
      'negative',
    ],
    [
      'German, unseriös is not seriös',
      'billig-markenuhren.de',
      'Billig Markenuhren',
      'Billig-markenuhren.de ist ein Onlineshop für Markenuhren mit Sitz angeblich in Hongkong. Der Shop gilt als unseriös.',
      'negative',
    ],
  ])('%s', (_case, domain, brand, answer, reputation) => {
    expect(classify(answer, { domain, brand })).toMatchObject({ status: 'known', reputation });
  });
});

describe('classifyAnswer: robustness', () => {
  test('a 40 KB answer is classified', () => {
    const paragraph =
      'Acme Widgets is a UK retailer of fasteners and hand tools that ships to trade customers across Europe and is well known among engineers. ';
    const answer = paragraph.repeat(300);
    expect(answer.length).toBeGreaterThan(40_000);
    const result = classify(answer);
    expect(result).toMatchObject({ status: 'known', reputation: 'positive' });
  });

  test.each([
    ['a refusal with a runaway adjective list', `I don't have ${'any '.repeat(20_000)}clue.`],
    ['an unterminated German refusal', `Ich kenne ${'a'.repeat(50_000)}`],
    ['a wall of Chinese', `没有关于${'字'.repeat(39)}`.repeat(1_500)],
    ['unpaired surrogates and control characters', '\ud800\udc00\ud800 \u0000 acme-widgets.com \u202e is ??? \n\n\n***'],
  ])('%s neither throws nor hangs', (_case, answer) => {
    const result = classify(answer);
    expect(['known', 'unknown']).toContain(result.status);
  });

  test('a missing answer from a platform is unknown, not an exception', () => {
    const missing = undefined as unknown as string;
    expect(classifyAnswer({ answer: missing, domain: missing, brand: missing })).toMatchObject({
      status: 'unknown',
      reputation: 'unknown',
    });
  });

  test('a brand full of regular-expression characters is matched as plain text', () => {
    // The refusal comes first, so the description only counts because it names the brand.
    const answer = `I don't have much information about C++ (beta). C++ (beta) is a compiler playground for students. Students use it to run C++ snippets in the browser and share them by link.`;
    expect(classifyAnswer({ answer, domain: 'cpp-beta.io', brand: 'C++ (beta)' }).status).toBe('known');
  });
});
