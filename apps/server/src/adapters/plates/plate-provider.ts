/** What a provider says about a plate: its VIN, or that it knows no such plate. */
export type PlateAnswer = { found: true; vin: string } | { found: false };

/** The provider failed (down, refused our key, timed out); its message is for the customer. */
export class PlateProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'unavailable' | 'rejected',
  ) {
    super(message);
  }
}

/**
 * Plate to VIN (docs/architecture.md#adapters): a real provider's HTTP API in production, the
 * sandbox's documented demo plates by default.
 */
export interface PlateProvider {
  readonly name: string;
  lookup(state: string, plate: string, signal: AbortSignal): Promise<PlateAnswer>;
  /**
   * Resolves when the provider answers; rejects with a PlateProviderError otherwise. Only a
   * provider with a probe that is not billed has one: the public health check must cost nothing.
   */
  health?(signal: AbortSignal): Promise<void>;
}
