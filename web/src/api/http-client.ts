import type { Region } from '@fleet/contract';
import axios, {
  type AxiosAdapter,
  type AxiosProgressEvent,
  type AxiosRequestConfig,
  type AxiosResponse,
} from 'axios';
import type { ApiError } from './api-error';
import { fileNameFromDisposition, resolveBaseUrl } from './base-url';
import { businessFailure, toApiError } from './normalise-error';

export const REQUEST_TIMEOUT_MS = 12_000;

export interface SessionHeaders {
  token: string | null;
  /** The stored language, or null when none is stored (then no `lng` header is sent). */
  language: string | null;
  regionInfo: Region | null;
}

/** One finished call, for monitoring. */
export interface CallRecord {
  url: string;
  method: string;
  /** 0 when nothing answered. */
  status: number;
  body: unknown;
}

export interface HttpDeps {
  origin: string;
  session(): SessionHeaders;
  /** The region of the server that served this page (from its client config). */
  pageRegion(): Promise<string | undefined>;
  /** Tells the user about a failure that the caller did not ask to keep quiet. */
  report(error: ApiError): void;
  /** A call made with a token was refused with 401: the session is over. */
  onUnauthorized(error: ApiError): void;
  onCall?(record: CallRecord): void;
  /** Tests answer without a network. */
  adapter?: AxiosAdapter;
}

export interface SendOptions {
  /** true: never toast; a list: do not toast these codes (the caller shows them in place). */
  quiet?: boolean | readonly string[];
  /** Call the server that served the page, whatever region is stored (client config is per host name). */
  sameOrigin?: boolean;
  /**
   * Call another service (the device gateway) at this base URL. Its refusals are its own: a 401 from it says
   * nothing about the console's session, which it never ends.
   */
  baseUrl?: string;
  /**
   * Bytes of the answer received so far, and a reader of its headers (a long export shows its progress; the
   * server says in a header how many rows are coming).
   */
  onDownloadProgress?: (loaded: number, header: (name: string) => string | null) => void;
}

export interface SendResult {
  body: unknown;
  /** Present when the answer had a content-disposition header. */
  fileName?: string;
}

function isQuiet(error: ApiError, quiet: SendOptions['quiet']): boolean {
  if (quiet === true) return true;
  return Array.isArray(quiet) && error.code !== undefined && quiet.includes(error.code);
}

/** The single axios instance of the console, with every failure normalised in one place (SHELL-API-HEADERS, SHELL-API-TIMEOUT, SHELL-ERROR-HTTP, SHELL-ERROR-401). */
export function createHttpClient(deps: HttpDeps) {
  const instance = axios.create({ timeout: REQUEST_TIMEOUT_MS, adapter: deps.adapter });

  async function prepare(config: AxiosRequestConfig, options: SendOptions): Promise<AxiosRequestConfig> {
    const session = deps.session();
    const headers: Record<string, string> = {};
    if (session.token) headers.token = session.token;
    if (session.language) headers.lng = session.language;
    const regional = async () =>
      options.sameOrigin
        ? deps.origin
        : resolveBaseUrl(
            session.regionInfo,
            session.regionInfo ? await deps.pageRegion() : undefined,
            deps.origin,
          );
    const baseURL = options.baseUrl ?? (await regional());
    const progress = options.onDownloadProgress;
    return {
      ...config,
      baseURL,
      headers: { ...headers, ...(config.headers as Record<string, string>) },
      ...(progress
        ? {
            onDownloadProgress: (e: AxiosProgressEvent) => {
              // In a browser the native event's target is the request, which can read the answer's headers.
              const target = (e.event as ProgressEvent | undefined)?.target as XMLHttpRequest | undefined;
              progress(e.loaded, (name) => target?.getResponseHeader?.(name) ?? null);
            },
          }
        : {}),
    };
  }

  function record(config: AxiosRequestConfig, response: AxiosResponse | undefined): void {
    if (!deps.onCall) return;
    let url = config.url ?? '';
    try {
      url = new URL(url, config.baseURL).toString();
    } catch {
      // keep the relative form
    }
    deps.onCall({
      url,
      method: (config.method ?? 'GET').toUpperCase(),
      status: response?.status ?? 0,
      body: response?.data,
    });
  }

  async function send(config: AxiosRequestConfig, options: SendOptions = {}): Promise<SendResult> {
    const prepared = await prepare(config, options);
    const sentToken = (prepared.headers as Record<string, string>).token;
    const hadToken = Boolean(sentToken);
    try {
      let response: AxiosResponse;
      try {
        response = await instance.request(prepared);
      } catch (error) {
        record(prepared, axios.isAxiosError(error) ? error.response : undefined);
        throw error;
      }
      record(prepared, response);
      const failure = businessFailure(response.data, response.status, hadToken);
      if (failure) throw failure;
      const disposition = response.headers['content-disposition'];
      if (typeof disposition === 'string') {
        return { body: response.data, fileName: fileNameFromDisposition(disposition) ?? '' };
      }
      return { body: response.data };
    } catch (thrown) {
      const error = toApiError(thrown, hadToken);
      if (error.status === 401 && error.hadToken && !options.baseUrl) {
        // A call that left with a token the console no longer holds (it switched company meanwhile, which ends the
        // old token) says nothing about the session now: it must not end it.
        if (deps.session().token === sentToken) deps.onUnauthorized(error);
      } else if (!isQuiet(error, options.quiet)) deps.report(error);
      throw error;
    }
  }

  return { instance, send };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
