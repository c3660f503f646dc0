/** The body every bench create sends. */
export const CREATE_BODY = JSON.stringify({ title: 'Bench asset', medium: 'oil on canvas', year: 1919 });

export interface SeededAsset {
  id: string;
  certificate_number: string;
}

async function call(
  url: string,
  apiKey: string,
  method: string,
  path: string,
  body?: string,
): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Creates count artworks through the API, eight at a time. */
export async function createAssets(url: string, apiKey: string, count: number): Promise<SeededAsset[]> {
  const assets: SeededAsset[] = [];
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, () =>
      call(url, apiKey, 'POST', '/api/v1/assets/artworks', CREATE_BODY),
    );
    assets.push(...((await Promise.all(batch)) as SeededAsset[]));
  }
  return assets;
}

/** Edits the pending asset's title times times: each edit appends an UPDATED event to its history. */
export async function updateRepeatedly(
  url: string,
  apiKey: string,
  assetId: string,
  times: number,
): Promise<void> {
  for (let count = 0; count < times; count++) {
    await call(
      url,
      apiKey,
      'PATCH',
      `/api/v1/assets/artworks/${assetId}`,
      JSON.stringify({ title: `Bench asset, edit ${count + 1}` }),
    );
  }
}

/** Verifies one asset times times, 32 at a time: a busy asset, whose history a verification no longer grows. */
export async function verifyRepeatedly(
  url: string,
  apiKey: string,
  assetId: string,
  times: number,
): Promise<void> {
  const body = JSON.stringify({ planet: 'artworks', asset_id: assetId });
  for (let start = 0; start < times; start += 32) {
    await Promise.all(
      Array.from({ length: Math.min(32, times - start) }, () =>
        call(url, apiKey, 'POST', '/api/v1/verify', body),
      ),
    );
  }
}
