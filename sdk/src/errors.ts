/** An error answer of the service: its one error body (`{ error, code, request_id }`) and the HTTP status. */
export class AvsApiError extends Error {
  override readonly name = 'AvsApiError';
  /** The HTTP status. */
  readonly status: number;
  /** The stable snake_case code (docs/errors.md lists every one), e.g. `validation_failed`. */
  readonly code: string;
  /** The request id, also in the response's x-request-id header: quote it to support. */
  readonly request_id: string;

  constructor(status: number, code: string, message: string, requestId: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.request_id = requestId;
  }

  /** The error of a non-2xx response; a body that is not the service's error body still gives status and a code. */
  static async of(response: Response): Promise<AvsApiError> {
    const text = await response.text().catch(() => '');
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) body = parsed as Record<string, unknown>;
    } catch {
      // Not JSON (a proxy's page, an empty body): the status says what there is to say.
    }
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : undefined);
    return new AvsApiError(
      response.status,
      field('code') ?? `http_${response.status}`,
      field('error') ?? (text.slice(0, 200) || `HTTP ${response.status}`),
      field('request_id') ?? response.headers.get('x-request-id') ?? '',
    );
  }
}

/** No HTTP answer at all (connection refused or reset, DNS, timeout) after the last attempt; `cause` is the last one. */
export class AvsConnectionError extends Error {
  override readonly name = 'AvsConnectionError';
  constructor(
    message: string,
    readonly attempts: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
