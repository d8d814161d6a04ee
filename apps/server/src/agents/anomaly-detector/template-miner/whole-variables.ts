import { DIGIT, HEX_LETTER, LOWER, UPPER, charClass, isDigit } from './char-class';
import { HAS_AT, HAS_COLON, HAS_DIGIT, HAS_SLASH } from './token-facts';

/**
 * Shapes that make a whole token core one variable, checked on [start, end) of the token without
 * slicing it: URLs, paths, UUIDs, IPv6/MAC (hex and colons), emails, host names and host:port.
 * `facts` (token-facts.ts) gates each check by the characters it needs, and each check bails out on
 * the first character that does not fit, so the common token costs little.
 */
export function isWholeVariable(token: string, start: number, end: number, facts: number): boolean {
  if (end - start < 2) return false;
  const digit = (facts & HAS_DIGIT) !== 0;
  const slash = (facts & HAS_SLASH) !== 0;
  const colon = (facts & HAS_COLON) !== 0;
  return (
    (slash && isPath(token, start, end)) ||
    (colon && slash && isUrl(token, start, end)) ||
    (colon &&
      digit &&
      (isHexColonAddress(token, start, end) || isIsoTimestamp(token, start, end))) ||
    (end - start === 36 && isUuid(token, start, end)) ||
    ((facts & HAS_AT) !== 0 && isEmail(token, start, end)) ||
    (digit && isVersion(token, start, end)) ||
    ((digit || colon) && isHostAddress(token, start, end))
  );
}

function isUrl(token: string, start: number, end: number): boolean {
  const at = token.indexOf('://', start);
  return at > start && at < end - 3;
}

/** Absolute, relative (`./x`, `~/x`), Windows (`C:\x`, `\\host`) paths, or anything with two `/`. */
function isPath(token: string, start: number, end: number): boolean {
  const c0 = token.charCodeAt(start);
  const c1 = token.charCodeAt(start + 1);
  if (c0 === SLASH) return true;
  if (
    (c0 === DOT || c0 === TILDE) &&
    (c1 === SLASH || (c1 === DOT && token.charCodeAt(start + 2) === SLASH))
  )
    return true;
  if (c0 === BACKSLASH && c1 === BACKSLASH) return true;
  if (
    (charClass(c0) & (LOWER | UPPER)) !== 0 &&
    c1 === COLON &&
    token.charCodeAt(start + 2) === BACKSLASH
  )
    return true;
  let slashes = 0;
  for (let i = start; i < end; i += 1) {
    const code = token.charCodeAt(i);
    if (code === SLASH) slashes += 1;
    // `@` marks a compound (`id@2016/9/27`) and `(` a call (`chdir(/a/b)`): their parts are masked one by one.
    else if (code === AT || code === PAREN) return false;
  }
  return slashes >= 2;
}

/** IPv6 (also `[::1]:8080`), MAC addresses and clock times: hex digits and at least two colons. */
function isHexColonAddress(token: string, start: number, end: number): boolean {
  let colons = 0;
  let digits = 0;
  for (let i = start; i < end; i += 1) {
    const code = token.charCodeAt(i);
    if (code === COLON) colons += 1;
    else if (isDigit(code)) digits += 1;
    else if ((charClass(code) & HEX_LETTER) === 0 && code !== DOT && code !== 91 && code !== 93)
      return false;
  }
  return colons >= 2 && digits > 0;
}

/** `2005-06-03T15:42:50.675872Z`, `2017-05-16 05:00` joined: ISO 8601 date and time. */
function isIsoTimestamp(token: string, start: number, end: number): boolean {
  if (end - start < 13 || !isDigit(token.charCodeAt(start)) || token.charCodeAt(start + 4) !== DASH)
    return false;
  let t = false;
  for (let i = start; i < end; i += 1) {
    const code = token.charCodeAt(i);
    if (code === 84) t = true;
    else if (
      !isDigit(code) &&
      code !== DASH &&
      code !== COLON &&
      code !== DOT &&
      code !== 90 &&
      code !== 43
    )
      return false;
  }
  return t;
}

function isUuid(token: string, start: number, end: number): boolean {
  if (end - start !== 36) return false;
  for (let k = 0; k < 36; k += 1) {
    const code = token.charCodeAt(start + k);
    const dash = k === 8 || k === 13 || k === 18 || k === 23;
    if (dash ? code !== DASH : (charClass(code) & (DIGIT | HEX_LETTER)) === 0) return false;
  }
  return true;
}

function isEmail(token: string, start: number, end: number): boolean {
  const at = token.indexOf('@', start);
  if (at <= start || at >= end - 3) return false;
  const dot = token.lastIndexOf('.', end - 1);
  if (dot <= at + 1 || end - dot < 3) return false;
  for (let i = dot + 1; i < end; i += 1) {
    if ((charClass(token.charCodeAt(i)) & (LOWER | UPPER)) === 0) return false;
  }
  return token.indexOf('@', at + 1) < 0 || token.indexOf('@', at + 1) >= end;
}

/**
 * Hosts: a dotted name of three or more labels ending in a short lowercase top-level label and
 * holding a digit (`24-54-76-216.bflony.adelphia.net`), or `host:port` / `host:host` lists whose
 * first part looks like a host (`msra-sa-41:9000`, `name/10.0.0.1:8030`). `key:1` is not one: a
 * host part needs a digit, or lowercase letters with `-` or `.`.
 */
function isHostAddress(token: string, start: number, end: number): boolean {
  const colon = token.indexOf(':', start);
  if (colon < 0 || colon >= end) return isDomainName(token, start, end);
  if (colon === start || !isHostPart(token, start, colon)) return false;
  let from = colon + 1;
  while (from <= end) {
    let to = token.indexOf(':', from);
    if (to < 0 || to > end) to = end;
    if (to === from || !(isPort(token, from, to) || isDomainName(token, from, to))) return false;
    from = to + 1;
  }
  return true;
}

function isPort(token: string, start: number, end: number): boolean {
  if (end - start > 5) return false;
  for (let i = start; i < end; i += 1) if (!isDigit(token.charCodeAt(i))) return false;
  return true;
}

function isHostPart(token: string, start: number, end: number): boolean {
  let digit = false;
  let upper = false;
  let marks = false;
  for (let i = start; i < end; i += 1) {
    const code = token.charCodeAt(i);
    const cls = charClass(code);
    if ((cls & DIGIT) !== 0) digit = true;
    else if ((cls & UPPER) !== 0) upper = true;
    else if (code === DOT || code === DASH || code === SLASH) marks = true;
    else if ((cls & LOWER) === 0) return false;
  }
  return digit || (marks && !upper);
}

function isDomainName(token: string, start: number, end: number): boolean {
  let digits = 0;
  let dots = 0;
  let lastDot = -1;
  for (let i = start; i < end; i += 1) {
    const code = token.charCodeAt(i);
    const cls = charClass(code);
    if ((cls & DIGIT) !== 0) digits += 1;
    else if (code === DOT) {
      dots += 1;
      lastDot = i;
    } else if (code !== DASH && (cls & (LOWER | UPPER)) === 0) return false;
  }
  if (dots < 2 || digits === 0) return false;
  const tld = end - lastDot - 1;
  if (tld < 2 || tld > 6) return false;
  for (let i = lastDot + 1; i < end; i += 1) {
    if ((charClass(token.charCodeAt(i)) & LOWER) === 0) return false;
  }
  return true;
}

/** `v6.1.7601.23505`: a version string. */
function isVersion(token: string, start: number, end: number): boolean {
  if ((token.charCodeAt(start) | 32) !== 118 || !isDigit(token.charCodeAt(start + 1))) return false;
  let dots = 0;
  for (let i = start + 1; i < end; i += 1) {
    const code = token.charCodeAt(i);
    if (code === DOT) dots += 1;
    else if (!isDigit(code)) return false;
  }
  return dots > 0;
}

const SLASH = 47;
const BACKSLASH = 92;
const DOT = 46;
const DASH = 45;
const TILDE = 126;
const COLON = 58;
const AT = 64;
const PAREN = 40;
