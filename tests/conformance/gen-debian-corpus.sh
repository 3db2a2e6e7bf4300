#!/usr/bin/env bash
# Real C that Debian ships as source packages, compiled file by file into a
# conformance corpus:
#
#   gen-debian-corpus.sh [--levels "O2 O1raw"] [--only "NAME..."]
#       [--set SET] OUT_DIR
#
# Sources (Debian 12; `apt-get install libxcrypt-source bluez-source`):
#   /usr/src/libxcrypt     libxcrypt's lib/ (hash and crypt algorithms):
#                          17 files, with the small config.h written below
#                          (the package ships the tree unconfigured);
#   /usr/src/bluez.tar.bz2 BlueZ, configured as shipped: lib/ and
#                          src/shared/, every file that compiles alone
#                          (glib and dbus headers from pkg-config if present).
# For each of clang (14), clang-19 and clang-22 that is installed, at each
# level of --levels (default "O2 O1raw"), all with -g:
#   O0     -O0 -Xclang -disable-O0-optnone  (no optnone: MemorySSA would skip
#                                            the functions)
#   O1raw  -O1 -Xclang -disable-llvm-passes (the editor's mode)
#   O2, O3, Os
# into OUT_DIR/debianN/ (with --set SET: OUT_DIR/debianN.SET/; a file
# LLVM_VERSION for 19 and 22) as PACKAGE_NAME.LEVEL.ll, where NAME is
# xcrypt_FILE or bluez_DIR_FILE; --only keeps the files whose
# PACKAGE_NAME is listed (a sample). Then opt's printouts by
# ../shared/tools/gen-expected. A folder is complete when its .complete
# stamp exists; only missing folders are made, so a set must keep one
# meaning (levels and files) for its cache to stay right.
# A package that is not installed is skipped with a note on stderr.
set -u
levels="O2 O1raw" only="" set=""
while [ $# -gt 1 ]; do
  case "$1" in
    --levels) levels=$2; shift 2 ;;
    --only) only=" $2 "; shift 2 ;;
    --set) set=.$2; shift 2 ;;
    *) break ;;
  esac
done
out=${1:?usage: gen-debian-corpus.sh [--levels L] [--only NAMES] [--set SET] OUT_DIR}
# absolute: BlueZ's files are compiled from inside its tree
mkdir -p "$out" && out=$(cd "$out" && pwd) || exit 1
for lvl in $levels; do
  case $lvl in O0 | O1raw | O2 | O3 | Os) ;; *) echo "gen-debian-corpus: unknown level $lvl" >&2; exit 2 ;; esac
done
here=$(cd "$(dirname "$0")" && pwd)
shared=${MEMSSA_SHARED:-$(cd "$here/../../.." && pwd)/shared}
gen=$shared/tools/gen-expected
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

xcrypt_files="alg-sha256 alg-sha512 alg-md5 alg-md4 alg-sha1 alg-des alg-gost3411-2012-core
  crypt-bcrypt crypt-md5 crypt-sha256 crypt-sha512 alg-yescrypt-opt alg-hmac-sha1 crypt-nthash
  crypt-sunmd5 crypt-des crypt-gost-yescrypt"
mkdir -p "$tmp/xc"
cat >"$tmp/xc/config.h" <<'CFG'
#define HAVE_STDINT_H 1
#define HAVE_SYS_CDEFS_H 1
#define HAVE_ENDIAN_H 1
#define HAVE_SYS_PARAM_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_UNISTD_H 1
#define HAVE_MAX_ALIGN_T 1
#define HAVE_STATIC_ASSERT_IN_ASSERT_H 1
#define SIZEOF_UINT32_T 4
#define SIZEOF_UINT64_T 8
#define ENDIANNESS_IS_BIG 0
#define ENDIANNESS_IS_LITTLE 1
#define INCLUDE_md5 1
#define INCLUDE_sha256 1
#define INCLUDE_sha512 1
#define INCLUDE_sha1 1
#define INCLUDE_bcrypt 1
#define INCLUDE_scrypt 1
#define INCLUDE_yescrypt 1
#define INCLUDE_md4 1
CFG
touch "$tmp/xc/crypt-symbol-vers.h" "$tmp/xc/crypt-hashes.h"

bluez=""
if [ -f /usr/src/bluez.tar.bz2 ]; then
  tar -C "$tmp" -xjf /usr/src/bluez.tar.bz2 2>/dev/null && bluez=$tmp/bluez-source
fi
[ -n "$bluez" ] || echo "gen-debian-corpus: bluez-source not installed: skipped" >&2
[ -d /usr/src/libxcrypt/lib ] || echo "gen-debian-corpus: libxcrypt-source not installed: skipped" >&2
bz_flags=$(pkg-config --cflags glib-2.0 dbus-1 2>/dev/null)

# wanted NAME: is NAME in --only (every file without it)?
wanted() { [ -z "$only" ] || [[ "$only" == *" $1 "* ]]; }

level_flags() {
  case $1 in
    O0) echo "-O0 -Xclang -disable-O0-optnone" ;;
    O1raw) echo "-O1 -Xclang -disable-llvm-passes" ;;
    *) echo "-$1" ;;
  esac
}

# one VERSION CC: every file at every level into $out/debianVERSION$set
build_version() {
  local v=$1 cc=$2 dir=$out/debian$1$set f b src lvl opt
  [ -f "$dir/.complete" ] && return 0
  rm -rf "$dir"; mkdir -p "$dir"
  [ "$v" = 14 ] || echo "$v" >"$dir/LLVM_VERSION"
  for lvl in $levels; do
    opt=$(level_flags "$lvl")
    if [ -d /usr/src/libxcrypt/lib ]; then
      for f in $xcrypt_files; do
        wanted "xcrypt_$f" || continue
        # shellcheck disable=SC2086  # $opt holds separate flags
        "$cc" -DHAVE_CONFIG_H $opt -g -S -emit-llvm -I"$tmp/xc" -I/usr/src/libxcrypt/lib \
          "/usr/src/libxcrypt/lib/$f.c" -o "$dir/xcrypt_$f.$lvl.ll" 2>/dev/null ||
          rm -f "$dir/xcrypt_$f.$lvl.ll"
      done
    fi
    if [ -n "$bluez" ]; then
      for src in "$bluez"/lib/*.c "$bluez"/src/shared/*.c; do
        b=$(basename "$(dirname "$src")")_$(basename "$src" .c)
        wanted "bluez_$b" || continue
        # shellcheck disable=SC2086
        (cd "$bluez" && "$cc" -DHAVE_CONFIG_H -I. -Ilib -Isrc $bz_flags $opt -g -S -emit-llvm \
          "$src" -o "$dir/bluez_$b.$lvl.ll" 2>/dev/null) || rm -f "$dir/bluez_$b.$lvl.ll"
      done
    fi
  done
  "$gen" "$dir" >/dev/null 2>&1 || return 1
  touch "$dir/.complete"
}

for v in 14 19 22; do
  cc=clang-$v; [ $v = 14 ] && cc=clang
  o=opt-$v; [ $v = 14 ] && o=opt
  if command -v "$cc" >/dev/null 2>&1 && command -v "$o" >/dev/null 2>&1; then
    build_version "$v" "$cc" || echo "gen-debian-corpus: LLVM $v: gen-expected failed" >&2
  else
    echo "gen-debian-corpus: $cc or $o not installed: LLVM $v skipped" >&2
  fi
done
