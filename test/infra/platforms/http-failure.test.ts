import { httpFailure } from '../../../infra/platforms/http-failure';

const request = { platformName: 'ChatGPT', env: 'OPENAI', apiKey: 'sk-secret-key-123', model: 'gpt-4o-mini-search-preview' };

describe('a vendor failure says whether to retry, how long to wait and what to change', () => {
  test('a retired model is not retried, and names the setting to change', () => {
    const failure = httpFailure(request, {
      status: 404,
      message: 'The model `gpt-4o-mini-search-preview` does not exist or you do not have access to it.',
      codes: ['model_not_found'],
    });
    expect(failure).toMatchObject({ kind: 'model-unavailable', retryable: false });
    expect(failure.message).toContain('set OPENAI_MODEL');
    expect(failure.message).toContain('gpt-4o-mini-search-preview');
  });

  test("Anthropic's not_found_error for a model, Gemini's NOT_FOUND for one", () => {
    expect(
      httpFailure({ ...request, env: 'ANTHROPIC' }, { status: 404, message: 'model: claude-sonnet-4-5', codes: ['not_found_error'] }).kind,
    ).toBe('model-unavailable');
    expect(
      httpFailure(
        { ...request, env: 'GEMINI' },
        {
          status: 404,
          message: 'models/gemini-2.5-flash is not found for API version v1beta, or is not supported for generateContent.',
          codes: ['NOT_FOUND'],
        },
      ).kind,
    ).toBe('model-unavailable');
  });

  test('quota, credit and spend limits answer 429 but are not retried', () => {
    expect(httpFailure(request, { status: 429, message: 'You exceeded your current quota.', codes: ['insufficient_quota'] })).toMatchObject(
      { kind: 'quota', retryable: false },
    );
    expect(httpFailure(request, { status: 429, codes: ['rate_limit_error', 'enforced_spend_limit_reached'] })).toMatchObject({
      kind: 'quota',
      retryable: false,
    });
    expect(httpFailure(request, { status: 402, message: 'Insufficient Balance' })).toMatchObject({ kind: 'quota', retryable: false });
  });

  test('a rate limit is retried after the wait the vendor asked for', () => {
    const failure = httpFailure(request, { status: 429, headers: new Headers({ 'retry-after': '2' }), codes: ['rate_limit_exceeded'] });
    expect(failure).toMatchObject({ kind: 'rate-limited', retryable: true, retryAfterMs: 2000 });
    expect(httpFailure(request, { status: 429, codes: ['RESOURCE_EXHAUSTED'], retryDelay: '7s' }).retryAfterMs).toBe(7000);
  });

  test("Anthropic's 529 overloaded and 5xx are retried", () => {
    expect(httpFailure(request, { status: 529, codes: ['overloaded_error'] })).toMatchObject({ kind: 'server', retryable: true });
    expect(httpFailure(request, { status: 503 })).toMatchObject({ kind: 'server', retryable: true });
  });

  test('a rejected key names the key setting, and never repeats the key', () => {
    const failure = httpFailure(request, { status: 401, message: 'Incorrect API key provided: sk-secret-key-123.' });
    expect(failure).toMatchObject({ kind: 'auth', retryable: false });
    expect(failure.message).toContain('check OPENAI_API_KEY');
    expect(failure.message).not.toContain('sk-secret-key-123');
  });
});
