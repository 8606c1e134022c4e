import axios, { type AxiosRequestConfig, type InternalAxiosRequestConfig } from "axios";

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

/**
 * What a failed call rejects with: the server's response body when it answered, the request
 * when no answer came, and the message when the request never left.
 */
export function toApiFailure(error: unknown): unknown {
  if (axios.isAxiosError(error)) {
    if (error.response) return error.response.data;
    if (error.request) return error.request;
  }
  return error instanceof Error ? error.message : error;
}

const http = axios.create({
  baseURL: API_BASE_URL,
  headers: { Accept: "application/json" },
});

http.interceptors.request.use((config) => {
  if (bearerToken) config.headers.set("Authorization", `Bearer ${bearerToken}`);
  return config;
});

type RetriableConfig = InternalAxiosRequestConfig & { tokenRefreshed?: boolean };

http.interceptors.response.use(undefined, async (error: unknown) => {
  if (axios.isAxiosError(error) && error.response?.status === 401 && refreshToken && bearerToken) {
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

async function send<T>(config: AxiosRequestConfig): Promise<T> {
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
