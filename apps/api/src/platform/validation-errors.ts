import type { FastifySchemaValidationError } from 'fastify';
import { SCHEMA_ISSUE_KEYS } from '@portal/shared';

export interface FieldError {
  path: string;
  message: string;
}

interface Issue {
  path: PropertyKey[];
  message: string;
  code?: string;
  format?: string;
}

/** Our validators answer a message key; zod's own words (English) are replaced by one. */
const isMessageKey = (message: string) => /^(validation|apiError|console)\.[\w.]+$/.test(message);

/** The message key of one complaint: the validator's own, or one for what zod found wrong. */
function messageKeyOf(code: string | undefined, message: string, format?: string): string {
  if (isMessageKey(message)) return message;
  switch (code) {
    case 'invalid_format':
      return format === 'datetime' || format === 'date'
        ? SCHEMA_ISSUE_KEYS.notADate
        : SCHEMA_ISSUE_KEYS.other;
    case 'invalid_type':
      return / received undefined$/.test(message) ? SCHEMA_ISSUE_KEYS.missing : SCHEMA_ISSUE_KEYS.wrongType;
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
      return SCHEMA_ISSUE_KEYS.notAnOption;
    case 'too_big':
      return SCHEMA_ISSUE_KEYS.tooBig;
    case 'too_small':
      return SCHEMA_ISSUE_KEYS.tooSmall;
    default:
      return SCHEMA_ISSUE_KEYS.other;
  }
}

const join = (segments: PropertyKey[]) => segments.map(String).join('.');

function valueAt(input: unknown, segments: string[]): unknown {
  let node = input;
  for (const segment of segments) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * The branch of a failed union the caller most likely meant: the one whose complaints are about
 * fields the caller sent rather than fields it left out (an IAM sign-in should hear about its
 * client number, not about the missing root email). Ties go to the branch with fewer complaints.
 */
function likeliestBranch(branches: Issue[][], input: unknown): Issue[] {
  const sent = typeof input === 'object' && input !== null ? new Set(Object.keys(input)) : new Set<string>();
  const score = (issues: Issue[]) => [
    issues.filter((i) => i.path.length > 0 && !sent.has(String(i.path[0]))).length,
    issues.length,
  ];
  return [...branches].sort((a, b) => {
    const [ma, ta] = score(a) as [number, number];
    const [mb, tb] = score(b) as [number, number];
    return ma - mb || ta - tb;
  })[0] as Issue[];
}

/**
 * Field problems of a failed schema as `{path, message}`; the message is a key the web translates:
 * the one our shared validators set, or one for zod's own complaint (`messageKeyOf`).
 */
export function fieldErrors(validation: FastifySchemaValidationError[], input: unknown): FieldError[] {
  const out: FieldError[] = [];
  for (const v of validation) {
    const base = v.instancePath.split('/').filter(Boolean);
    const branches = (v.params as { errors?: unknown }).errors;
    if (v.keyword === 'invalid_union' && Array.isArray(branches) && branches.length > 0) {
      for (const issue of likeliestBranch(branches as Issue[][], valueAt(input, base))) {
        out.push({
          path: join([...base, ...issue.path]),
          message: messageKeyOf(issue.code, issue.message, issue.format),
        });
      }
    } else {
      const { format } = v.params as { format?: string };
      out.push({ path: base.join('.'), message: messageKeyOf(v.keyword, v.message ?? '', format) });
    }
  }
  return out;
}
