import axios, { type AxiosRequestConfig } from "axios";

export const API_BASE_URL = "/api";

let bearerToken: string | null = null;

/** The auth provider keeps this in step with the signed-in user's ID token. */
export function setApiBearerToken(token: string | null): void {
  bearerToken = token;
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

http.interceptors.response.use(undefined, (error: unknown) => Promise.reject(toApiFailure(error)));

async function send<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<T>(config);
  return response.data;
}

/** The client for the product's backend under /api: each call resolves with the response data. */
export const apiClient = {
  get: <T>(url: string, config?: AxiosRequestConfig) => send<T>({ ...config, method: "GET", url }),
  post: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    send<T>({ ...config, method: "POST", url, data }),
  patch: <T>(url: string, data?: unknown, config?: AxiosRequestConfig) =>
    send<T>({ ...config, method: "PATCH", url, data }),
  delete: <T>(url: string, config?: AxiosRequestConfig) =>
    send<T>({ ...config, method: "DELETE", url }),
};
