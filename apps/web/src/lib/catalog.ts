import { useQuery } from '@tanstack/react-query';
import { lowestUnitPriceCents, type CreditPackage } from '@vr/contracts';
import { api } from './api.ts';
import { readStored, writeStored } from './storage.ts';

const CATALOG_STORAGE_KEY = 'vr.credit-packages.v1';

export interface Catalog {
  packages: CreditPackage[];
  /** True when the server could not be reached and this is the catalog this browser saw last. */
  stale: boolean;
}

/**
 * The package catalog (docs/product-rules.md#the-fallback-packages): live from the server and
 * remembered in this browser; when the server fails, the remembered catalog, else the error.
 */
export async function fetchCatalog(): Promise<Catalog> {
  // The schema module (zod) and the catalog load in parallel.
  const schemas = import('./schemas.ts');
  const response = api('GET /stripe-credit/credit-packages');
  response.catch(() => undefined);
  const { creditPackagesResponseSchema } = await schemas;
  try {
    const body = creditPackagesResponseSchema.parse(await response);
    writeStored(CATALOG_STORAGE_KEY, body.packages);
    return { packages: body.packages, stale: false };
  } catch (error) {
    const cached = creditPackagesResponseSchema.shape.packages.safeParse(
      readStored(CATALOG_STORAGE_KEY),
    );
    if (cached.success && cached.data.length > 0) return { packages: cached.data, stale: true };
    throw error;
  }
}

export type CatalogState =
  | { status: 'loading' }
  | {
      status: 'ready';
      packages: CreditPackage[];
      fromCents: number | null;
      stale: boolean;
      retry: () => void;
      retrying: boolean;
    }
  | { status: 'error'; message: string; retry: () => void; retrying: boolean };

export function useCreditPackages(): CatalogState {
  const query = useQuery({
    queryKey: ['credits', 'packages'],
    queryFn: fetchCatalog,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const retry = () => void query.refetch();
  if (query.data) {
    return {
      status: 'ready',
      packages: query.data.packages,
      fromCents: lowestUnitPriceCents(query.data.packages),
      stale: query.data.stale,
      retry,
      retrying: query.isFetching,
    };
  }
  if (query.isError) {
    return { status: 'error', message: query.error.message, retry, retrying: query.isFetching };
  }
  return { status: 'loading' };
}
