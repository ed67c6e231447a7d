/**
 * Data that survives JSON and reads back the same: what a job payload (stored as jsonb) and a live
 * event (sent through Redis) may carry. A Date or a class instance would come back as something else.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };

/** A JSON object; optional fields are allowed and dropped when undefined. */
export type JsonObject = { [key: string]: JsonValue | undefined };
