/** Fetches a history the user asked for (the sample or `?src=`); errors name the URL and the HTTP status. */
export async function fetchHistory(url: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Could not fetch ${url}: network error (${reason}). The server may be unreachable or may not allow cross-origin requests.`,
      { cause: error },
    );
  }
  if (!response.ok) {
    throw new Error(`Could not fetch ${url}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`);
  }
  // Static hosts answer unknown paths with their HTML start page and status 200: that is a wrong URL, not a history.
  if (response.headers.get('content-type')?.startsWith('text/html')) {
    throw new Error(`Could not fetch ${url}: the server answered with an HTML page, not a message history. Check the URL.`);
  }
  return response.blob();
}
