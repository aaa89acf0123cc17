import { vi } from 'vitest';

/** A JSON answer as the API gives it. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Replaces fetch with a mock answering from `answer`; returns the mock to inspect calls. */
export function mockFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(answer(String(input), init ?? {})),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The headers a mocked fetch call was given. */
export function headersOf(call: unknown[]): Headers {
  return new Headers((call[1] as RequestInit | undefined)?.headers);
}
