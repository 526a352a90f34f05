/** The npm package `punycode` (RFC 3492), reached as 'punycode/' so that Node's deprecated built-in of the same name is not. */
declare module 'punycode/' {
  export function toUnicode(domain: string): string;
  export function toASCII(domain: string): string;
}
