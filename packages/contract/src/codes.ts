/** Result codes carried in the envelope's `code`, with the HTTP status each one travels with. */
export const resultStatus = {
  SUCCESS: 200,
  USER_CREATED: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_PASSCODE: 401,
  INVALID_TOKEN: 401,
  EXPIRED_TOKEN: 401,
  FORBIDDEN: 403,
  EMAIL_NOT_VERIFIED: 403,
  UNACCEPTED_LEGAL_AGREEMENT: 403,
  USS_TWO_FACTOR_AUTH_REQUIRED: 403,
  TWO_FACTOR_AUTH_REQUIRED: 403,
  NOT_FOUND: 404,
  ORDER_BS_NOT_MANAGED: 404,
  NETWORK_STATS_NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_ERROR: 422,
  TOO_MANY_ATTEMPTS: 429,
  HEADERS_TOO_LARGE: 431,
  SERVER_ERROR: 500,
  MAIL_FAILED: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ResultCode = keyof typeof resultStatus;

export const resultCodes = Object.keys(resultStatus) as ResultCode[];

/** Codes the request helper reacts to the same way wherever they appear. */
export const sessionCodes = ['INVALID_TOKEN', 'EXPIRED_TOKEN'] as const satisfies readonly ResultCode[];
export const twoFactorRequiredCodes = [
  'USS_TWO_FACTOR_AUTH_REQUIRED',
  'TWO_FACTOR_AUTH_REQUIRED',
] as const satisfies readonly ResultCode[];
