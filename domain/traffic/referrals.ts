/**
 * Visits an AI assistant sent: the Referer's host, or the `utm_source` the assistant appends to its links
 * (ChatGPT adds `utm_source=chatgpt.com`), named by assistant.
 */
const ASSISTANT_HOSTS: Record<string, string> = {
  'chatgpt.com': 'ChatGPT',
  'chat.openai.com': 'ChatGPT',
  'perplexity.ai': 'Perplexity',
  'perplexity.com': 'Perplexity',
  'gemini.google.com': 'Gemini',
  'bard.google.com': 'Gemini',
  'copilot.microsoft.com': 'Copilot',
  'copilot.cloud.microsoft': 'Copilot',
  'copilot.com': 'Copilot',
  'claude.ai': 'Claude',
  'chat.deepseek.com': 'DeepSeek',
  'grok.com': 'Grok',
  'meta.ai': 'Meta AI',
  'chat.mistral.ai': 'Le Chat',
  'you.com': 'You.com',
  'phind.com': 'Phind',
  'poe.com': 'Poe',
  'kimi.com': 'Kimi',
  'kimi.moonshot.cn': 'Kimi',
  'tongyi.aliyun.com': 'Qwen',
  'chat.qwen.ai': 'Qwen',
  'yiyan.baidu.com': 'ERNIE Bot',
  'doubao.com': 'Doubao',
  'yuanbao.tencent.com': 'Yuanbao',
  'chatglm.cn': 'ChatGLM',
  // The assistants' Android apps send android-app://<package>/ as the Referer.
  'com.openai.chatgpt': 'ChatGPT',
  'ai.perplexity.app.android': 'Perplexity',
  'com.google.android.apps.bard': 'Gemini',
  'com.microsoft.copilot': 'Copilot',
  'com.anthropic.claude': 'Claude',
  'com.deepseek.chat': 'DeepSeek',
};

/** `utm_source` values that name an assistant without a host. */
const ASSISTANT_SOURCES: Record<string, string> = {
  chatgpt: 'ChatGPT',
  openai: 'ChatGPT',
  perplexity: 'Perplexity',
  gemini: 'Gemini',
  copilot: 'Copilot',
  claude: 'Claude',
  deepseek: 'DeepSeek',
  grok: 'Grok',
};

/** The assistant a host belongs to: the host itself or a parent domain (`www.perplexity.ai`). */
function assistantOfHost(host: string): string | undefined {
  let name = host.toLowerCase();
  while (name.includes('.')) {
    const assistant = ASSISTANT_HOSTS[name];
    if (assistant) return assistant;
    name = name.slice(name.indexOf('.') + 1);
  }
  return undefined;
}

function utmSourceOf(path: string): string | undefined {
  const query = path.indexOf('?');
  if (query < 0 || !path.includes('utm_source=', query)) return undefined;
  return new URLSearchParams(path.slice(query + 1).split('#')[0]).get('utm_source') ?? undefined;
}

export interface Referral {
  assistant: string;
  /** The page landed on, without its query (utm parameters and the like). */
  landingPage: string;
}

/** The assistant that sent a visit, from its Referer or its `utm_source`; undefined for any other visit. */
export function referralOf(path: string, referer: string | undefined): Referral | undefined {
  let assistant: string | undefined;
  if (referer && referer.includes('.')) {
    try {
      assistant = assistantOfHost(new URL(referer.includes('://') ? referer : `https://${referer}`).hostname);
    } catch {
      assistant = undefined;
    }
  }
  if (!assistant) {
    const source = utmSourceOf(path)?.toLowerCase().trim();
    if (source) assistant = (Object.hasOwn(ASSISTANT_SOURCES, source) ? ASSISTANT_SOURCES[source] : undefined) ?? assistantOfHost(source);
  }
  if (!assistant) return undefined;
  const end = path.search(/[?#]/);
  return { assistant, landingPage: end < 0 ? path : path.slice(0, end) };
}
