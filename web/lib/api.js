// The server's JSON API, as the pages use it. Every failure becomes an `ApiError` carrying the server's own
// message (every 4xx/5xx body is `{"error": "…"}`), so pages can show players exactly what is wrong.

/** A refused or failed request: `status`, the server's `message`, and the whole `body`. */
export class ApiError extends Error {
  constructor(status, message, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** Send a request (a JSON body, or a FormData); resolves to the JSON answer, rejects with an ApiError. */
export async function api(method, path, body) {
  // A form (an upload of files) goes as multipart/form-data: the browser sets the type and its boundary.
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  let response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined || form ? {} : { 'content-type': 'application/json' },
      body: body === undefined || form ? body : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, 'the server cannot be reached; check your connection and try again', null);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = data && typeof data.error === 'string' ? data.error : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message, data);
  }
  return data;
}

export const get = (path) => api('GET', path);
export const post = (path, body = {}) => api('POST', path, body);

/** Send a form of fields and files (`POST /api/content`); resolves to the JSON answer. */
export const postForm = (path, form) => api('POST', path, form);
