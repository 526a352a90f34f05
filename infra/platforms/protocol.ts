/** What each wire-protocol client receives and returns; askPlatform adds timing and the checks common to all. */

export interface PlatformRequest {
  /** Display name, for messages. */
  platformName: string;
  apiKey: string;
  baseUrl: string;
  model: string;
  question: string;
  timeoutMs: number;
  signal: AbortSignal;
}

export interface PlatformReply {
  text: string;
  citations: string[];
  /** The model that answered, as the platform names it. */
  model: string;
}

export type ProtocolClient = (request: PlatformRequest) => Promise<PlatformReply>;
