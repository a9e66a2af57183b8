export { findSecrets, maskSecret, redactSecrets, redaction, type SecretHit } from './findSecrets';
export { SECRET_LABELS, type SecretKind } from './patterns';
