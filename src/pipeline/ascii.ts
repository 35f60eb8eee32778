/** The ASCII bytes the byte-level stages look for (UTF-8 never uses them inside a multi-byte character). */
export const TAB = 0x09
export const LF = 0x0a
export const CR = 0x0d
export const SP = 0x20
export const QUOTE = 0x22
export const HASH = 0x23
export const AMP = 0x26
export const STAR = 0x2a
export const COMMA = 0x2c
export const DASH = 0x2d
export const DOT = 0x2e
export const BACKSLASH = 0x5c
export const LBRACKET = 0x5b
export const RBRACKET = 0x5d
export const LBRACE = 0x7b
export const RBRACE = 0x7d
