/** API areas are built where they are used: once per transport, shared by the whole client and by code using one area. */
import { describe, expect, it, vi } from 'vitest';
import { apiArea } from '../../src/api/area';
import { createODataApi } from '../../src/api/areas/odata';
import { apiClientOver } from '../../src/api/client';
import { createTransport, type Transport } from '../../src/api/transport';

function transport(): Transport {
  return createTransport({ baseUrl: 'http://api.test', fetch: vi.fn(async () => new Response('null')) });
}

describe('apiArea', () => {
  it('builds an area on first use and hands out the same object for the same transport', () => {
    const t = transport();
    const create = vi.fn((over: Transport) => ({ over }));
    expect(create).not.toHaveBeenCalled();
    const first = apiArea(t, create);
    expect(apiArea(t, create)).toBe(first);
    expect(create).toHaveBeenCalledTimes(1);
    expect(first.over).toBe(t);
    expect(apiArea(transport(), create)).not.toBe(first);
  });

  it('shares the area between the whole client and code that asks for that area alone', () => {
    const t = transport();
    const client = apiClientOver(t);
    expect(apiClientOver(t)).toBe(client);
    expect(apiArea(t, createODataApi)).toBe(client.odata);
    expect(client.claim).toBe(client.claim);
    expect(typeof client.claim.getMyClaims).toBe('function');
  });
});
