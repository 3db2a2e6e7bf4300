/*
** hash64.h -- a 64-bit non-cryptographic hash of bytes, for the compile
** cache's keys and checksums (ccache.c).
**
**   uint64_t h = mssa_hash64(buf, len, seed);
**
** The algorithm is XXH64's (four 64-bit lanes, multiply-rotate rounds, a
** final avalanche), written here so that common/ depends on nothing: a
** checksum must catch any flipped byte or truncation of a large entry,
** which FNV-1a's one-byte-at-a-time mixing does with a much weaker spread.
**
** Invariants:
**   1. Pure: the value depends only on the bytes, the length and the seed,
**      never on the host's byte order, alignment or addresses (words are
**      read little-endian byte by byte), so a cache written on one machine
**      verifies on another.
*/
#ifndef MSSA_COMMON_HASH64_H
#define MSSA_COMMON_HASH64_H

#include <stddef.h>
#include <stdint.h>

uint64_t mssa_hash64(const void *data, size_t len, uint64_t seed);

#endif
