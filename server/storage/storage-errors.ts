import { AppError, DISK_FULL_MESSAGE } from "#server/errors.ts";

/**
 * The storage failures of SPEC.md section 8, as refusals a person can act on.
 * Both storages (local disk and S3-compatible) throw these.
 */
export type StorageFailure =
  | "unauthenticated"
  | "quota-exceeded"
  | "disk-full"
  | "unauthorized"
  | "not-found"
  | "no-bucket"
  | "delete-root"
  | "unavailable";

const messages: Record<StorageFailure, string> = {
  unauthenticated:
    "File storage did not accept the server's credentials. Check the storage keys (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) and try again.",
  "quota-exceeded":
    "File storage is full: the bucket's quota is used up. Delete unused files or raise the quota, then try again.",
  "disk-full": DISK_FULL_MESSAGE,
  unauthorized:
    "File storage refused access to this file's location. Check the bucket's permissions for this path.",
  "not-found": "That file is no longer in storage; it may have been deleted already.",
  "no-bucket":
    "File storage has no bucket by the configured name. Check S3_BUCKET (and S3_ENDPOINT), or create the bucket, then try again.",
  "delete-root": "The storage root cannot be deleted; only single files can.",
  unavailable: "File storage could not be reached. Try again in a moment.",
};

const codes: Record<StorageFailure, ConstructorParameters<typeof AppError>[0]> = {
  unauthenticated: "UNAVAILABLE",
  "quota-exceeded": "UNAVAILABLE",
  "disk-full": "UNAVAILABLE",
  unauthorized: "FORBIDDEN",
  "not-found": "NOT_FOUND",
  "no-bucket": "UNAVAILABLE",
  "delete-root": "INVALID",
  unavailable: "UNAVAILABLE",
};

export class StorageError extends AppError {
  readonly failure: StorageFailure;
  constructor(failure: StorageFailure, cause?: unknown) {
    super(codes[failure], messages[failure]);
    this.name = "StorageError";
    this.failure = failure;
    if (cause) this.cause = cause;
  }
}

type ServiceError = {
  name?: string;
  Code?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
};

/** Which failure an S3 (or file system) error is: by status first, then by its code name. */
export function storageFailureOf(error: unknown): StorageFailure {
  const failure = error as ServiceError;
  const status = failure?.$metadata?.httpStatusCode;
  const name = failure?.name ?? failure?.Code ?? failure?.code ?? "";
  if (
    status === 401 ||
    ["InvalidAccessKeyId", "SignatureDoesNotMatch", "ExpiredToken", "InvalidToken"].includes(name)
  )
    return "unauthenticated";
  if (status === 402 || ["QuotaExceeded", "EntityTooLarge"].includes(name)) return "quota-exceeded";
  // The local disk (or the account's quota on it) is full.
  if (["ENOSPC", "EDQUOT"].includes(name)) return "disk-full";
  if (status === 403 || ["AccessDenied", "EACCES", "EPERM"].includes(name)) return "unauthorized";
  // A missing bucket is a 404 too, but no file's fault: the configuration names the wrong one.
  if (name === "NoSuchBucket") return "no-bucket";
  if (status === 404 || ["NoSuchKey", "NotFound", "ENOENT"].includes(name)) return "not-found";
  return "unavailable";
}

/** Runs one storage call and turns its failure into a StorageError. */
export async function mapStorageErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StorageError || error instanceof AppError) throw error;
    throw new StorageError(storageFailureOf(error), error);
  }
}
