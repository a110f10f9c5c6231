import { api } from '@fleet/contract';
import { type AxiosAdapter, AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createSessionExpiry } from '../session/end-session';
import type { ApiError } from './api-error';
import { createCaller } from './call-api';
import { createHttpClient, type HttpDeps, REQUEST_TIMEOUT_MS, type SessionHeaders } from './http-client';
import { toastFor } from './normalise-error';

type Answer = { status: number; data?: unknown; headers?: Record<string, string> } | 'network' | 'timeout';

function adapter(
  answer: (config: InternalAxiosRequestConfig) => Answer,
): AxiosAdapter & { seen: InternalAxiosRequestConfig[] } {
  const seen: InternalAxiosRequestConfig[] = [];
  const fn = async (config: InternalAxiosRequestConfig) => {
    seen.push(config);
    const a = answer(config);
    if (a === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    if (a === 'timeout') throw new AxiosError('timeout of 12000ms exceeded', 'ECONNABORTED', config);
    const response = {
      data: a.data,
      status: a.status,
      statusText: '',
      headers: new AxiosHeaders(a.headers ?? {}),
      config,
    };
    if (a.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${a.status}`,
        'ERR_BAD_RESPONSE',
        config,
        null,
        response,
      );
    }
    return response;
  };
  return Object.assign(fn, { seen });
}

const ok = <T>(data: T) => ({ status: 200, data: { success: true, info: '', data } });
const fail = (status: number, code: string, info: string) => ({
  status,
  data: { success: false, info, data: null, code },
});

function setup(
  answer: (config: InternalAxiosRequestConfig) => Answer,
  session: Partial<SessionHeaders> = {},
) {
  const fake = adapter(answer);
  const deps: HttpDeps = {
    origin: 'https://page.example',
    session: () => ({ token: null, language: null, regionInfo: null, ...session }),
    pageRegion: async () => 'US',
    report: vi.fn(),
    onUnauthorized: vi.fn(),
    onCall: vi.fn(),
    adapter: fake,
  };
  const http = createHttpClient(deps);
  return { http, deps, fake, callApi: createCaller(http) };
}

const networkText = (code: string, message: string) => `net ${code} ${message}`;

describe('requests', () => {
  it('carries token and lng headers when stored, and the 12 s timeout', async () => {
    const { fake, callApi } = setup(() => ok({ activeUsers: 1 }), { token: 'tok', language: 'zh' });
    await callApi(api.stats);
    const headers = fake.seen[0]?.headers;
    expect(headers?.token).toBe('tok');
    expect(headers?.lng).toBe('zh');
    expect(fake.seen[0]?.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(12000);
  });

  it('sends neither header when nothing is stored', async () => {
    const { fake, callApi } = setup(() => ok({ activeUsers: 1 }));
    await callApi(api.stats);
    expect(fake.seen[0]?.headers.token).toBeUndefined();
    expect(fake.seen[0]?.headers.lng).toBeUndefined();
  });

  it.each([
    ['no region stored', null, 'https://page.example'],
    [
      'the page server region',
      { label: 'US', region: 'US', host: 'https://us.example' },
      'https://page.example',
    ],
    ['another region', { label: 'EU', region: 'EU', host: 'https://eu.example' }, 'https://eu.example'],
  ])('goes to the right host with %s', async (_, regionInfo, baseURL) => {
    const { fake, callApi } = setup(() => ok([]), { regionInfo });
    await callApi(api.regions);
    expect(fake.seen[0]?.baseURL).toBe(baseURL);
  });

  it('a call to the device gateway goes to its host, with the session headers, whatever region is stored', async () => {
    const { fake, callApi } = setup(() => ok([]), {
      token: 'tok',
      regionInfo: { label: 'EU', region: 'EU', host: 'https://eu.example' },
    });
    await callApi(
      api.companyByDeviceName,
      { query: { deviceName: 'BTN-1' } },
      { baseUrl: 'https://gw.example' },
    );
    expect(fake.seen[0]?.baseURL).toBe('https://gw.example');
    expect(fake.seen[0]?.url).toBe('/tars/api/v1/opt/get-company-by-device-name');
    expect(fake.seen[0]?.headers.token).toBe('tok');
  });

  it('fills path parameters, query and body from the route', async () => {
    const { fake, callApi } = setup(() => ok({ list: [], totalCnt: 0 }));
    await callApi(api.searchMiniDevices, { body: { pageIndex: 1, pageLength: 1 } });
    await callApi(api.listOnesCompanies, { query: { companyName: 'acme' } });
    await callApi(api.deleteSsoConfig, { params: { id: 'a b' } });
    expect(fake.seen.map((c) => [c.method, c.url])).toEqual([
      ['post', '/opt/v1/mini/device/search'],
      ['get', '/opt/admin/company/list-ones-companies'],
      ['delete', '/opt/v1/sso/config/a%20b'],
    ]);
    expect(JSON.parse(String(fake.seen[0]?.data))).toEqual({ pageIndex: 1, pageLength: 1 });
    expect(fake.seen[1]?.params).toEqual({ companyName: 'acme' });
  });
});

describe('answers', () => {
  it('unwraps the envelope data', async () => {
    const { callApi } = setup(() => ok({ activeUsers: 112900 }));
    await expect(callApi(api.stats)).resolves.toEqual({ activeUsers: 112900 });
  });

  it('returns the body and the file name when content-disposition is present', async () => {
    const { http } = setup(() => ({
      status: 200,
      data: 'a,b',
      headers: { 'content-disposition': 'attachment; filename="export.csv"' },
    }));
    await expect(http.send({ url: '/x' })).resolves.toEqual({ body: 'a,b', fileName: 'export.csv' });
  });

  it('records every call for monitoring', async () => {
    const { deps, callApi } = setup(() => fail(500, 'INTERNAL', 'boom'));
    await callApi(api.stats).catch(() => undefined);
    expect(deps.onCall).toHaveBeenCalledWith(
      expect.objectContaining({
        url: 'https://page.example/opt/v1/common/stats',
        method: 'GET',
        status: 500,
      }),
    );
  });
});

describe('failures (SHELL-ERROR-HTTP, SHELL-ERROR-NETWORK, SHELL-ERROR-FUNCTIONAL, SHELL-ERROR-401)', () => {
  it('an HTTP failure toasts "status: message" for 2.5 s', async () => {
    const { deps, callApi } = setup(() => fail(409, 'CONFLICT', 'email: already used'));
    const error = await callApi(api.stats).catch((e: ApiError) => e);
    expect(error).toMatchObject({ kind: 'http', status: 409, code: 'CONFLICT', info: 'email: already used' });
    expect(deps.report).toHaveBeenCalledTimes(1);
    expect(toastFor(error as ApiError, networkText)).toEqual({
      level: 'error',
      text: '409: email: already used',
      duration: 2.5,
    });
  });

  it('keeps the rules a refusal names, dropping any that are not well formed', async () => {
    const issue = { path: 'body.landings.0.outside', rule: 'waypointOffMap', params: { floor: 'Lobby' } };
    const { callApi } = setup(() => ({
      status: 400,
      data: {
        success: false,
        info: 'body.landings.0.outside: outside the map of Lobby',
        data: null,
        code: 'BAD_REQUEST',
        issues: [issue, { path: 3 }, 'x'],
      },
    }));
    const error = (await callApi(api.stats).catch((e: ApiError) => e)) as ApiError;
    expect(error.issues).toEqual([issue]);
  });

  it.each([
    [
      { rule: 'deviceOffline', params: { device: 'Table 12' } },
      { rule: 'deviceOffline', params: { device: 'Table 12' } },
    ],
    [{ rule: 3 }, undefined],
  ])('keeps the refusal a conflict names when well formed (%j)', async (refusal, kept) => {
    const { callApi } = setup(() => ({
      status: 409,
      data: { success: false, info: 'Table 12 is offline', data: null, code: 'CONFLICT', refusal },
    }));
    const error = (await callApi(api.stats).catch((e: ApiError) => e)) as ApiError;
    expect(error.refusal).toEqual(kept);
  });

  it('an answer without envelope still gets a code from its status', async () => {
    const { callApi } = setup(() => ({ status: 503, data: '<html>' }));
    await expect(callApi(api.stats)).rejects.toMatchObject({
      kind: 'http',
      status: 503,
      code: 'UNAVAILABLE',
    });
  });

  it.each([
    ['network', 'ERR_NETWORK', 'net ERR_NETWORK Network Error'],
    ['timeout', 'ECONNABORTED', 'net ECONNABORTED timeout of 12000ms exceeded'],
  ] as const)('no answer (%s) toasts the error code and message', async (answer, code, text) => {
    const { deps, callApi } = setup(() => answer);
    const error = (await callApi(api.stats).catch((e: ApiError) => e)) as ApiError;
    expect(error).toMatchObject({ kind: 'network', code });
    expect(deps.report).toHaveBeenCalledWith(error);
    expect(toastFor(error, networkText).text).toBe(text);
  });

  it.each([
    ['CONFLICT', 'warning'],
    ['INTERNAL', 'error'],
    [undefined, 'error'],
  ])('success:false with code %s shows the info as %s', async (code, level) => {
    const { deps, callApi } = setup(() => ({
      status: 200,
      data: { success: false, info: 'nope', data: null, code },
    }));
    const error = (await callApi(api.stats).catch((e: ApiError) => e)) as ApiError;
    expect(error.kind).toBe('business');
    expect(deps.report).toHaveBeenCalledTimes(1);
    expect(toastFor(error, networkText)).toMatchObject({ level, text: 'nope' });
  });

  it('a 401 on a call with a token ends the session instead of toasting', async () => {
    const { deps, callApi } = setup(() => fail(401, 'UNAUTHORIZED', 'session expired'), { token: 'old' });
    await expect(callApi(api.me)).rejects.toMatchObject({ status: 401 });
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(deps.report).not.toHaveBeenCalled();
  });

  it('a 401 for a token the console has since replaced (a company switch) leaves the new session alone', async () => {
    let current = 'old';
    const { deps, callApi } = setup(() => {
      // The switch stores the new token while this call is on its way.
      current = 'new';
      return fail(401, 'UNAUTHORIZED', 'session ended');
    }, {});
    deps.session = () => ({ token: current, language: null, regionInfo: null });
    await expect(callApi(api.me)).rejects.toMatchObject({ status: 401 });
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    expect(deps.report).not.toHaveBeenCalled();
  });

  it('a 401 from the device gateway is its own refusal: the console session goes on', async () => {
    const { deps, callApi } = setup(() => fail(401, 'UNAUTHORIZED', 'unknown token'), { token: 'tok' });
    const call = callApi(
      api.companyByDeviceName,
      { query: { deviceName: 'BTN-1' } },
      { baseUrl: 'https://gw.example', quiet: true },
    );
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    expect(deps.report).not.toHaveBeenCalled();
  });

  it('a 401 without a token (wrong password) is only toasted', async () => {
    const { deps, callApi } = setup(() => fail(401, 'UNAUTHORIZED', 'wrong e-mail or password'));
    await callApi(api.login, { body: { account: 'a@b.test', password: 'x' } }).catch(() => undefined);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
    expect(deps.report).toHaveBeenCalledTimes(1);
  });

  it('many 401s together end the session once', async () => {
    const end = vi.fn();
    const fake = adapter(() => fail(401, 'UNAUTHORIZED', 'session expired'));
    const http = createHttpClient({
      origin: 'https://page.example',
      session: () => ({ token: 'old', language: null, regionInfo: null }),
      pageRegion: async () => undefined,
      report: vi.fn(),
      onUnauthorized: createSessionExpiry(end),
      adapter: fake,
    });
    const callApi = createCaller(http);
    await Promise.allSettled([callApi(api.me), callApi(api.regions), callApi(api.listCompanies)]);
    expect(fake.seen).toHaveLength(3);
    expect(end).toHaveBeenCalledTimes(1);
  });

  it.each([
    [true, 0],
    [['NOT_FOUND'], 0],
    [['CONFLICT'], 1],
  ] as const)('quiet %j keeps NOT_FOUND out of the toasts (%d toasts)', async (quiet, toasts) => {
    const { deps, callApi } = setup(() => fail(404, 'NOT_FOUND', 'no provider'));
    await callApi(api.ssoLoginUrl, { query: { email: 'a@b.test' } }, { quiet }).catch(() => undefined);
    expect(deps.report).toHaveBeenCalledTimes(toasts);
  });
});
