import { defineSearchAttributeKey } from '@temporalio/common';

/**
 * What the gateway, the worker and the workflows agree on, kept apart from workflow code
 * so that the gateway never imports it.
 */

/** Search attributes an operator filters runs by in the Temporal UI. Registered by `npm run services:up`. */
export const SEARCH_ATTRIBUTES = {
  domain: defineSearchAttributeKey('CheckedDomain', 'KEYWORD'),
  kind: defineSearchAttributeKey('CheckKind', 'KEYWORD'),
} as const;

export type CheckKind = 'site' | 'brand' | 'article';
