import { expect } from 'vitest';

export type Requester = { firstName: string; lastName: string; email: string; companyName: string };

/** A visitor asks for access through the portal's own API, as the request form does. */
export async function requestAccessThroughPortal(
  baseUrl: string,
  person: Requester,
  headers: Record<string, string> = {},
): Promise<{ outcome: string }> {
  const view = (await (await fetch(`${baseUrl}/api/statuspage/share/acme/view`)).json()) as {
    product: { productId: string };
  };
  const response = await fetch(`${baseUrl}/api/statuspage/share/acme/request`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      ...person,
      agree: true,
      productId: view.product.productId,
      source: 'request_button',
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as { outcome: string };
}
