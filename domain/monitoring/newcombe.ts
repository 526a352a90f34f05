/** Moved to domain/shared (brand reports compare surface and API with it too); kept for the monitors' imports. */
export * from '../shared/newcombe';
