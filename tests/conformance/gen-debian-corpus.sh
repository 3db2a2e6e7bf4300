#!/usr/bin/env bash
# Real C that Debian ships as source packages, compiled file by file into a
# conformance corpus:
#
#   gen-debian-corpus.sh [--levels "O2 O1raw"] [--only "NAME..."]
#       [--set SET] [--pkgs "xcrypt bluez"] OUT_DIR
#
# --pkgs picks the packages (default "xcrypt bluez", the first two; the
# others, "binutils gdb linux", are asked for by name and put in their own
# --set, so a cached folder of the first two keeps its meaning).
# Sources (Debian 12; `apt-get install libxcrypt-source bluez-source
# binutils-source gdb-source linux-source-6.1`):
#   /usr/src/libxcrypt     libxcrypt's lib/ (hash and crypt algorithms):
#                          17 files, with the small config.h written below
#                          (the package ships the tree unconfigured);
#   /usr/src/bluez.tar.bz2 BlueZ, configured as shipped: lib/ and
#                          src/shared/, every file that compiles alone
#                          (glib and dbus headers from pkg-config if present);
#   /usr/src/binutils/binutils-*.tar.xz   libiberty (33 files: demanglers,
#                          hashtab, regex, obstack, simple-object, ...), with
#                          a small config.h written below (unconfigured tree);
#   /usr/src/gdb.tar.xz    readline's readline/ (25 files) and libdecnumber
#                          (8 files), with small config.h files written below;
#   /usr/src/linux-source-6.1.tar.xz  lib/ (24 files that build alone):
#                          -nostdinc -ffreestanding -D__KERNEL__ with the
#                          kernel's include dirs, a hand-written
#                          generated/autoconf.h (x86_64, SMP, tree RCU),
#                          bounds.h and timeconst.h, and asm/ wrappers for
#                          the asm-generic headers x86 does not override (what
#                          Kbuild's mandatory-y generates), as no kernel
#                          configure step (make prepare) runs here.
# For each of clang (14), clang-19 and clang-22 that is installed, at each
# level of --levels (default "O2 O1raw"), all with -g:
#   O0     -O0 -Xclang -disable-O0-optnone  (no optnone: MemorySSA would skip
#                                            the functions)
#   O1raw  -O1 -Xclang -disable-llvm-passes (the editor's mode)
#   O2, O3, Os
# into OUT_DIR/debianN/ (with --set SET: OUT_DIR/debianN.SET/; a file
# LLVM_VERSION for 19 and 22) as PACKAGE_NAME.LEVEL.ll, where NAME is
# xcrypt_FILE, bluez_DIR_FILE, binutils_FILE, gdb_readline_FILE,
# gdb_decnumber_FILE or linux_lib_FILE; --only keeps the files whose
# PACKAGE_NAME is listed (a sample). Then opt's printouts by
# ../shared/tools/gen-expected. A folder is complete when its .complete
# stamp exists; only missing folders are made, so a set must keep one
# meaning (levels and files) for its cache to stay right.
# A package that is not installed is skipped with a note on stderr.
set -u
levels="O2 O1raw" only="" set="" pkgs=" xcrypt bluez "
while [ $# -gt 1 ]; do
  case "$1" in
    --levels) levels=$2; shift 2 ;;
    --only) only=" $2 "; shift 2 ;;
    --set) set=.$2; shift 2 ;;
    --pkgs) pkgs=" $2 "; shift 2 ;;
    *) break ;;
  esac
done
out=${1:?usage: gen-debian-corpus.sh [--levels L] [--only NAMES] [--set SET] [--pkgs P] OUT_DIR}
# absolute: BlueZ's files are compiled from inside its tree
mkdir -p "$out" && out=$(cd "$out" && pwd) || exit 1
for lvl in $levels; do
  case $lvl in O0 | O1raw | O2 | O3 | Os) ;; *) echo "gen-debian-corpus: unknown level $lvl" >&2; exit 2 ;; esac
done
for p in $pkgs; do
  case $p in xcrypt | bluez | binutils | gdb | linux) ;; *) echo "gen-debian-corpus: unknown package $p" >&2; exit 2 ;; esac
done
# pkg NAME: was NAME asked for by --pkgs?
pkg() { [[ "$pkgs" == *" $1 "* ]]; }
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

xcrypt=""
if pkg xcrypt; then
  if [ -d /usr/src/libxcrypt/lib ]; then xcrypt=/usr/src/libxcrypt/lib
  else echo "gen-debian-corpus: libxcrypt-source not installed: skipped" >&2; fi
fi
bluez=""
if pkg bluez; then
  if [ -f /usr/src/bluez.tar.bz2 ]; then
    tar -C "$tmp" -xjf /usr/src/bluez.tar.bz2 2>/dev/null && bluez=$tmp/bluez-source
  fi
  [ -n "$bluez" ] || echo "gen-debian-corpus: bluez-source not installed: skipped" >&2
fi
bz_flags=$(pkg-config --cflags glib-2.0 dbus-1 2>/dev/null)

# libiberty as binutils 2.40 ships it; the config.h says what glibc has.
binutils="" gdb="" linux=""
bu_files="argv concat cp-demangle cplus-dem crc32 d-demangle dwarfnames dyn-string fibheap
  filename_cmp floatformat fnmatch getopt getopt1 hashtab lbasename make-relative-prefix md5
  objalloc obstack partition regex rust-demangle safe-ctype sha1 simple-object-elf simple-object
  sort splay-tree strverscmp bsearch_r xmalloc"
if pkg binutils; then
  t=$(find /usr/src/binutils -maxdepth 1 -name 'binutils-*.tar.xz' 2>/dev/null | sort | head -n 1)
  if [ -n "$t" ] && tar -C "$tmp" -xJf "$t" --wildcards '*/libiberty/*' '*/include/*' 2>/dev/null; then
    binutils=$(find "$tmp" -maxdepth 1 -name 'binutils-*' | sort | head -n 1)
  fi
  [ -n "$binutils" ] || echo "gen-debian-corpus: binutils-source not installed: skipped" >&2
  mkdir -p "$tmp/bu"
  for m in STDLIB_H STRING_H STRINGS_H UNISTD_H LIMITS_H STDINT_H INTTYPES_H SYS_TYPES_H \
    SYS_STAT_H FCNTL_H TIME_H SYS_TIME_H STDIO_H DECL_ASPRINTF DECL_VASPRINTF DECL_BASENAME \
    DECL_FFS DECL_SNPRINTF DECL_VSNPRINTF DECL_STRNLEN DECL_STRVERSCMP DECL_STRTOL DECL_STRTOUL \
    DECL_STRTOLL DECL_STRTOULL DECL_MALLOC DECL_REALLOC DECL_CALLOC DECL_GETENV DECL_SBRK \
    STRERROR MEMCPY STRCHR LONG_LONG UINTPTR_T INTPTR_T; do echo "#define HAVE_$m 1"; done >"$tmp/bu/config.h"
  printf '#define STDC_HEADERS 1\n#define SIZEOF_INT 4\n#define SIZEOF_LONG 8\n#define SIZEOF_LONG_LONG 8\n#define SIZEOF_SIZE_T 8\n#define UNSIGNED_64BIT_TYPE unsigned long\n' >>"$tmp/bu/config.h"
fi

# gdb 13: readline (C, the library part) and libdecnumber (C, DPD and BID).
rl_files="bind complete display funmap histexpand histfile history histsearch input isearch
  keymaps kill macro mbutil misc parens readline search signals terminal text tilde undo util
  vi_mode xmalloc"
dn_files="decContext decNumber decPacked dpd/decimal32 dpd/decimal64 dpd/decimal128
  bid/decimal64 bid/host-ieee64"
if pkg gdb; then
  if [ -f /usr/src/gdb.tar.xz ] &&
    tar -C "$tmp" -xJf /usr/src/gdb.tar.xz --wildcards 'gdb/readline/*' 'gdb/libdecnumber/*' 2>/dev/null; then
    gdb=$tmp/gdb
  fi
  [ -n "$gdb" ] || echo "gen-debian-corpus: gdb-source not installed: skipped" >&2
  mkdir -p "$tmp/rl" "$tmp/dn"
  for m in STDLIB_H STRING_H STRINGS_H UNISTD_H LIMITS_H LOCALE_H LANGINFO_CODESET MEMORY_H \
    PWD_H FCNTL_H SYS_FILE_H TERMIOS_H TERMIO_H SYS_IOCTL_H SYS_SELECT_H SYS_TIME_H DIRENT_H \
    WCHAR_H WCTYPE_H MBSRTOWCS MBRLEN MBRTOWC WCRTOMB WCSCOLL WCSDUP WCWIDTH WCTYPE ISWCTYPE \
    ISWLOWER ISWUPPER TOWLOWER TOWUPPER MBSTATE_T WCHAR_T WINT_T STRCOLL STRPBRK SETLOCALE \
    PUTENV SETENV SELECT PSELECT FCNTL KILL LSTAT READLINK GETPWENT GETPWNAM GETPWUID \
    POSIX_SIGNALS POSIX_SIGSETJMP VSNPRINTF SNPRINTF STDARG_H TCGETATTR TERMCAP_H ISASCII \
    ISXDIGIT STRUCT_DIRENT_D_INO VPRINTF; do echo "#define HAVE_$m 1"; done >"$tmp/rl/config.h"
  printf '#define GWINSZ_IN_SYS_IOCTL 1\n#define STRUCT_WINSIZE_IN_SYS_IOCTL 1\n#define VOID_SIGHANDLER 1\n#define RETSIGTYPE void\n#define FIONREAD_IN_SYS_IOCTL 1\n#define PROTOTYPES 1\n#define __PROTOTYPES 1\n' >>"$tmp/rl/config.h"
  printf '#define WORDS_BIGENDIAN 0\n#define HAVE_STDLIB_H 1\n#define HAVE_STRING_H 1\n#define HAVE_STDINT_H 1\n#define SIZEOF_INT 4\n#define SIZEOF_LONG 8\n' >"$tmp/dn/config.h"
  echo '#include <stdint.h>' >"$tmp/dn/gstdint.h"
fi

# Linux 6.1's lib/: the files that build with the headers below and no
# configure step.
lx_files="ashldi3 ashrdi3 base64 bcd clz_ctz clz_tab cmdline cmpdi2 ctype decompress
  dynamic_queue_limits earlycpio errseq find_bit hexdump hweight iommu-helper list_sort llist
  memweight muldi3 plist siphash sort"
if pkg linux; then
  if [ -f /usr/src/linux-source-6.1.tar.xz ] && tar -C "$tmp" -xJf /usr/src/linux-source-6.1.tar.xz \
    --wildcards 'linux-source-6.1/lib/*' 'linux-source-6.1/include/*' \
    'linux-source-6.1/arch/x86/include/*' 2>/dev/null; then
    linux=$tmp/linux-source-6.1
  fi
  [ -n "$linux" ] || echo "gen-debian-corpus: linux-source-6.1 not installed: skipped" >&2
  mkdir -p "$tmp/lx/generated" "$tmp/lx/asm"
  for m in 64BIT=1 X86_64=1 X86=1 MMU=1 SMP=1 TREE_RCU=1 SLUB=1 NR_CPUS=64 PAGE_OFFSET=0 \
    ILLEGAL_POINTER_VALUE=0xdead000000000000 BASE_SMALL=0 HZ=250 LOG_BUF_SHIFT=17 \
    X86_L1_CACHE_SHIFT=6 X86_INTERNODE_CACHE_SHIFT=6 NODES_SHIFT=6 FRAME_WARN=2048 \
    PGTABLE_LEVELS=4 PHYSICAL_ALIGN=0x200000 PHYSICAL_START=0x1000000; do
    echo "#define CONFIG_${m%%=*} ${m#*=}"
  done >"$tmp/lx/generated/autoconf.h"
  printf '#define NR_PAGEFLAGS 22\n#define MAX_NR_ZONES 5\n#define NR_CPUS_BITS 6\n#define SPINLOCK_SIZE 4\n' >"$tmp/lx/generated/bounds.h"
  for m in HZ_TO_MSEC_NUM=4 HZ_TO_MSEC_DEN=1 MSEC_TO_HZ_NUM=1 MSEC_TO_HZ_DEN=4 HZ_TO_USEC_NUM=4000 \
    HZ_TO_USEC_DEN=1 USEC_TO_HZ_NUM=1 USEC_TO_HZ_DEN=4000; do
    echo "#define ${m%%=*} ${m#*=}"
  done >"$tmp/lx/generated/timeconst.h"
  if [ -n "$linux" ]; then
    for h in "$linux"/include/uapi/asm-generic/*.h "$linux"/include/asm-generic/*.h; do
      n=$(basename "$h")
      [ -f "$linux/arch/x86/include/asm/$n" ] || [ -f "$linux/arch/x86/include/uapi/asm/$n" ] ||
        [ -f "$tmp/lx/asm/$n" ] || echo "#include <asm-generic/$n>" >"$tmp/lx/asm/$n"
    done
  fi
fi
lx_flags=(-nostdinc -ffreestanding -fno-builtin -D__KERNEL__ '-DKBUILD_MODNAME="lib"'
  '-DKBUILD_BASENAME="lib"' "-I$tmp/lx" -Iinclude -Iarch/x86/include -Iarch/x86/include/uapi
  -Iinclude/uapi -include include/linux/kconfig.h -include include/linux/compiler_types.h)

# wanted NAME: is NAME in --only (every file without it)?
wanted() { [ -z "$only" ] || [[ "$only" == *" $1 "* ]]; }

level_flags() {
  case $1 in
    O0) echo "-O0 -Xclang -disable-O0-optnone" ;;
    O1raw) echo "-O1 -Xclang -disable-llvm-passes" ;;
    *) echo "-$1" ;;
  esac
}

# emit NAME TREE SRC FLAGS...: SRC compiled from inside TREE into
# $dir/NAME.$lvl.ll (uses build_version's cc, dir, lvl, opt); a file that
# does not compile leaves nothing.
emit() {
  local name=$1 tree=$2 src=$3; shift 3
  wanted "$name" || return 0
  # shellcheck disable=SC2086  # $opt holds separate flags
  (cd "$tree" && "$cc" "$@" $opt -g -S -emit-llvm "$src" -o "$dir/$name.$lvl.ll" 2>/dev/null) ||
    rm -f "$dir/$name.$lvl.ll"
}

# one VERSION CC: every file at every level into $out/debianVERSION$set
build_version() {
  local v=$1 cc=$2 dir=$out/debian$1$set f b src lvl opt
  [ -f "$dir/.complete" ] && return 0
  rm -rf "$dir"; mkdir -p "$dir"
  [ "$v" = 14 ] || echo "$v" >"$dir/LLVM_VERSION"
  for lvl in $levels; do
    opt=$(level_flags "$lvl")
    if [ -n "$xcrypt" ]; then
      for f in $xcrypt_files; do
        # absolute: __FILE__ (in assert messages) as in the cached corpora
        emit "xcrypt_$f" "$xcrypt" "$xcrypt/$f.c" -DHAVE_CONFIG_H -I"$tmp/xc" -I"$xcrypt"
      done
    fi
    if [ -n "$bluez" ]; then
      for src in "$bluez"/lib/*.c "$bluez"/src/shared/*.c; do
        b=$(basename "$(dirname "$src")")_$(basename "$src" .c)
        # shellcheck disable=SC2086  # $bz_flags holds separate flags
        emit "bluez_$b" "$bluez" "$src" -DHAVE_CONFIG_H -I. -Ilib -Isrc $bz_flags
      done
    fi
    if [ -n "$binutils" ]; then
      for f in $bu_files; do
        emit "binutils_$f" "$binutils/libiberty" "$f.c" -DHAVE_CONFIG_H -I"$tmp/bu" -I. -I../include
      done
    fi
    if [ -n "$gdb" ]; then
      for f in $rl_files; do
        emit "gdb_readline_$f" "$gdb/readline/readline" "$f.c" -DHAVE_CONFIG_H -DREADLINE_LIBRARY -D_GNU_SOURCE \
          -I"$tmp/rl" -I. -I..
      done
      for f in $dn_files; do
        emit "gdb_decnumber_${f//\//_}" "$gdb/libdecnumber" "$f.c" -DHAVE_CONFIG_H -I"$tmp/dn" -I. -Idpd
      done
    fi
    if [ -n "$linux" ]; then
      for f in $lx_files; do
        emit "linux_lib_$f" "$linux" "lib/$f.c" "${lx_flags[@]}"
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
