import type { AxiosInstance, AxiosRequestConfig, InternalAxiosRequestConfig } from "axios";

export const API_BASE_URL = "/api";

let bearerToken: string | null = null;

let refreshToken: (() => Promise<string | null>) | null = null;

/** The auth provider keeps this in step with the signed-in user's ID token. */
export function setApiBearerToken(token: string | null): void {
  bearerToken = token;
}

/**
 * How to get a fresh ID token when the API refuses one (401): after a laptop sleeps, a request
 * can leave with a token that expired before Firebase renewed it. Tried once per request.
 */
export function setApiTokenRefresher(refresh: (() => Promise<string | null>) | null): void {
  refreshToken = refresh;
}

type AxiosFailure = {
  isAxiosError: true;
  response?: { status: number; data: unknown };
  request?: unknown;
  config?: InternalAxiosRequestConfig;
};

/** axios.isAxiosError without axios itself, which this module loads only on a first call. */
function isAxiosFailure(error: unknown): error is AxiosFailure {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { isAxiosError?: unknown }).isAxiosError === true
  );
}

/**
 * What a failed call rejects with: the server's response body when it answered, the request
 * when no answer came, and the message when the request never left.
 */
export function toApiFailure(error: unknown): unknown {
  if (isAxiosFailure(error)) {
    if (error.response) return error.response.data;
    if (error.request) return error.request;
  }
  return error instanceof Error ? error.message : error;
}

type RetriableConfig = InternalAxiosRequestConfig & { tokenRefreshed?: boolean };

function createHttp(axios: typeof import("axios").default): AxiosInstance {
  const http = axios.create({
    baseURL: API_BASE_URL,
    headers: { Accept: "application/json" },
  });

  http.interceptors.request.use((config) => {
    if (bearerToken) config.headers.set("Authorization", `Bearer ${bearerToken}`);
    return config;
  });

  http.interceptors.response.use(undefined, async (error: unknown) => {
    if (isAxiosFailure(error) && error.response?.status === 401 && refreshToken && bearerToken) {
      const config = error.config as RetriableConfig | undefined;
      if (config && !config.tokenRefreshed) {
        const token = await refreshToken().catch(() => null);
        if (token) {
          bearerToken = token;
          return http.request({ ...config, tokenRefreshed: true } as RetriableConfig);
        }
      }
    }
    return Promise.reject(toApiFailure(error));
  });
  return http;
}

let httpPromise: Promise<AxiosInstance> | undefined;

/**
 * axios, set up once, on the first call: public pages whose data is server-rendered call nothing
 * on load, so their first visit downloads none of it.
 */
function loadHttp(): Promise<AxiosInstance> {
  httpPromise ??= import("axios").then(({ default: axios }) => createHttp(axios));
  return httpPromise;
}

/** Starts loading axios now, for a page that will call the API as soon as it starts. */
export function preloadApiClient(): void {
  void loadHttp();
}

async function send<T>(config: AxiosRequestConfig): Promise<T> {
  const http = await loadHttp();
  const response = await http.request<T>(config);
  return response.data;
}

/** The client for the product's backend under /api: each call resolves with the response data. */
export const apiClient = {
  get: <T>(url: string, config?: AxiosRequestConfig) => send<T>({ ...config, method: "GET", url }),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    send<T>({ ...config, method: "POST", url, data }),
  put: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    send<T>({ ...config, method: "PUT", url, data }),
  patch: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    send<T>({ ...config, method: "PATCH", url, data }),
  delete: <T>(url: string, config?: AxiosRequestConfig) =>
    send<T>({ ...config, method: "DELETE", url }),
};
