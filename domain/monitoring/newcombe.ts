/** Newcombe's interval lives in domain/shared, where the kinds' reports compare markets with it too. */
export * from '../shared/newcombe';
