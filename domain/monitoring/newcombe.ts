/** Newcombe's interval lives in domain/shared, where the kinds' reports compare markets, and surfaces with their APIs, with it too. */
export * from '../shared/newcombe';
