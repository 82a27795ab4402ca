import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_CONTACT_EMAIL, DEFAULT_PRODUCT_NAME, type PublicConfig } from '@vr/contracts';
import { api } from './api.ts';
import { readStored, writeStored } from './storage.ts';

const STORAGE_KEY = 'vr.public-config.v1';

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  productName: DEFAULT_PRODUCT_NAME,
  contactEmail: DEFAULT_CONTACT_EMAIL,
};

/** What this browser last saw; written only after validation, so a shape check suffices. */
function storedConfig(): PublicConfig | undefined {
  const v = readStored(STORAGE_KEY) as Partial<PublicConfig> | null;
  return v && typeof v.productName === 'string' && typeof v.contactEmail === 'string'
    ? { productName: v.productName, contactEmail: v.contactEmail }
    : undefined;
}

async function fetchPublicConfig(): Promise<PublicConfig> {
  try {
    const [{ publicConfigSchema }, body] = await Promise.all([
      import('./schemas.ts'),
      api('GET /public-config'),
    ]);
    const config = publicConfigSchema.parse(body);
    writeStored(STORAGE_KEY, config);
    return config;
  } catch {
    // A server without the endpoint, or a failure: what this browser saw last, else the defaults.
    return storedConfig() ?? DEFAULT_PUBLIC_CONFIG;
  }
}

/** The product name and contact e-mail from `GET /api/api/public-config`, never undefined. */
export function usePublicConfig(): PublicConfig {
  const { data } = useQuery({
    queryKey: ['public-config'],
    queryFn: fetchPublicConfig,
    staleTime: 5 * 60_000,
    retry: false,
    initialData: storedConfig,
    initialDataUpdatedAt: 0,
  });
  return data ?? DEFAULT_PUBLIC_CONFIG;
}

/** Sets the document title: the page's own title followed by the product name. */
export function useDocumentTitle(pageTitle?: string): void {
  const { productName } = usePublicConfig();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${productName}` : productName;
  }, [pageTitle, productName]);
}
