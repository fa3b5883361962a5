/** Where the API lives. Set once at start from /runtime-config.json (`apiBaseUrl`). */
let apiBaseUrl = 'http://localhost:3000';

/** Sets the API origin for every front end on the page (this library is a singleton). */
export function configureApi(config: { apiBaseUrl: string }): void {
  apiBaseUrl = config.apiBaseUrl.replace(/\/+$/, '');
}

/** The API origin in use. */
export function getApiBaseUrl(): string {
  return apiBaseUrl;
}
