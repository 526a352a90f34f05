/**
 * The AI platforms asked about a site. Adding an OpenAI-compatible platform is one line here
 * plus its <ENV>_API_KEY (and optionally <ENV>_BASE_URL, <ENV>_MODEL) in the environment.
 */
export type PlatformProtocol = 'openai-chat' | 'anthropic-messages';

export interface PlatformDefinition {
  id: string;
  /** Display name, as it appears in report.memory[].platform. */
  name: string;
  protocol: PlatformProtocol;
  /** Prefix of the platform's environment variables. */
  env: string;
  defaultBaseUrl: string;
  defaultModel: string;
}

export const PLATFORMS = [
  { id: 'chatgpt', name: 'ChatGPT', protocol: 'openai-chat', env: 'OPENAI', defaultBaseUrl: 'https://api.openai.com/v1', defaultModel: 'gpt-4o-mini-search-preview' },
  { id: 'claude', name: 'Claude', protocol: 'anthropic-messages', env: 'ANTHROPIC', defaultBaseUrl: 'https://api.anthropic.com', defaultModel: 'claude-sonnet-4-6' },
  { id: 'gemini', name: 'Gemini', protocol: 'openai-chat', env: 'GEMINI', defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai', defaultModel: 'gemini-2.5-flash' },
  { id: 'perplexity', name: 'Perplexity', protocol: 'openai-chat', env: 'PERPLEXITY', defaultBaseUrl: 'https://api.perplexity.ai', defaultModel: 'sonar' },
  { id: 'deepseek', name: 'DeepSeek', protocol: 'openai-chat', env: 'DEEPSEEK', defaultBaseUrl: 'https://api.deepseek.com', defaultModel: 'deepseek-chat' },
] as const satisfies readonly PlatformDefinition[];

export type PlatformId = (typeof PLATFORMS)[number]['id'];
