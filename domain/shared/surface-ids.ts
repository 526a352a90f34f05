/**
 * The search surfaces' ids, apart from the registry so that workflow code (report composition) can
 * tell a surface from an assistant without bundling the registry.
 */
export const SURFACE_IDS = ['google-ai-mode', 'google-ai-overviews', 'chatgpt-app'] as const;
export type SurfaceId = (typeof SURFACE_IDS)[number];

export const isSurfaceId = (id: string): id is SurfaceId => (SURFACE_IDS as readonly string[]).includes(id);

/** The assistant whose vendor's API stands beside the vendor's own surface: Gemini's API and AI Mode, ChatGPT's API and its app. */
export const SURFACE_API: Partial<Record<SurfaceId, string>> = { 'google-ai-mode': 'gemini', 'chatgpt-app': 'chatgpt' };
