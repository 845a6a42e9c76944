/** The headers of a JSON request to an OpenAI-compatible endpoint, with its bearer key when one is set. */
export function endpointHeaders(apiKey: string | undefined, extra: Record<string, string> = {}) {
  return {
    'content-type': 'application/json',
    ...extra,
    ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
  };
}
