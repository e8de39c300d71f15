// String rules of the spec that TypeBox does not count the way the spec (and pydantic) does.
import { Kind, type TString, TypeRegistry } from '@sinclair/typebox';

/**
 * Lengths in characters (code points). TypeBox's minLength/maxLength count UTF-16 units, so
 * 2000 emoji were "4000 long" and refused, and four of them passed as an 8-character password.
 */
export const CHARACTER_STRING = 'CharacterString';

export function characterCount(value: string): number {
  let count = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}

interface LengthBounds {
  minLength?: number;
  maxLength?: number;
}

TypeRegistry.Set<LengthBounds>(CHARACTER_STRING, (schema, value) => {
  if (typeof value !== 'string') return false;
  const count = characterCount(value);
  return count >= (schema.minLength ?? 0) && count <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
});

/** A string bounded in characters; documented in OpenAPI as a plain string with the same bounds. */
export const CharacterString = (bounds: LengthBounds & { description?: string }) =>
  ({ [Kind]: CHARACTER_STRING, type: 'string', ...bounds }) as unknown as TString;

/**
 * E-mail addresses as pydantic's EmailStr (email-validator) takes them, ASCII part: a dot-atom
 * before the @, host name labels after it with a top-level domain that is not a number, and
 * RFC 5321's lengths (64 characters before the @, 254 in all, 63 in a label). A kind of its
 * own rather than the 'email' format: format names are global, and @elysiajs/openapi replaces
 * the 'email' check with zod's when it loads.
 */
export const EMAIL_ADDRESS = 'EmailAddress';

const ATEXT = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
const EMAIL = new RegExp(`^${ATEXT}(?:\\.${ATEXT})*@(?:${LABEL}\\.)+${LABEL}$`, 'i');

export function isEmail(value: string): boolean {
  if (value.length > 254 || !EMAIL.test(value)) return false;
  const at = value.indexOf('@');
  const labels = value.slice(at + 1).split('.');
  return at <= 64 && labels.every((label) => label.length <= 63) && !/^[0-9]+$/.test(labels.at(-1)!);
}

TypeRegistry.Set(EMAIL_ADDRESS, (_schema, value) => typeof value === 'string' && isEmail(value));

/** An e-mail address; documented in OpenAPI as a string of format email. */
export const EmailAddress = (options: { examples?: string[] } = {}) =>
  ({ [Kind]: EMAIL_ADDRESS, type: 'string', format: 'email', ...options }) as unknown as TString;
