/** POST /chat on a session that belongs to another user. */
export class SessionForbiddenError extends Error {}
/** History or delete of a session that is missing or belongs to another user. */
export class SessionNotFoundError extends Error {}
