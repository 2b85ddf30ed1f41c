# shellcheck shell=bash
# The corpus: which Debian source packages, and how each is configured and built.
# Sourced by prepare.sh and install-build-deps.sh (bash).
#
# Each project is built as ONE program (or library) so that its compile_commands.json is
# a whole program for the alias analysis: one `main` at most, each C file once. Where the
# upstream build also compiles other programs (tools, generators, client binaries) we either
# do not build them or drop their entries afterwards (CORPUS_DROP_FILES / _OUTPUTS below).
# The exceptions, built with several programs on purpose, are listed in CORPUS_PROGRAMS.
#
# A recipe is two functions, run with the unpacked source tree as the working directory:
#   configure_<id>   configure (not recorded by bear)
#   build_<id>       build; runs under `bear`, every compiler call is recorded
# <id> is the project name with non-alphanumerics replaced by '_' (lua5.4 -> lua5_4).
# They see: CC (default clang), CFLAGS (default -O0 -g0: flags only matter to the
# analysis through the preprocessor, and -O0 halves build time on this shared machine),
# JOBS (parallel make jobs, default 2).

CORPUS_PROJECTS=(lua5.4 zlib bzip2 sqlite3 redis nginx apache2 postgresql-15 libzstd jq git
    libxml2 jansson curl libuv1 xz-utils gawk)

# Entries dropped from compile_commands.json after the build, as shell globs on the source
# path relative to the tree (CORPUS_DROP_FILES) or as Python regexes on the object path
# relative to the tree (CORPUS_DROP_OUTPUTS). Why each one: see the recipe comments.
# shellcheck disable=SC2034  # read by prepare.sh, which sources this file
declare -A CORPUS_DROP_FILES=(
    [sqlite3]="tool/*.c"
    [redis]="deps/lua/src/lua.c deps/lua/src/luac.c deps/lua/src/print.c deps/linenoise/*.c"
    [apache2]="support/*.c server/gen_test_char.c"
    [postgresql-15]="src/timezone/zic.c"
)
# shellcheck disable=SC2034
declare -A CORPUS_DROP_OUTPUTS=(
    [postgresql-15]='^src/(port|common)/(?!.*_srv\.o$).*'
)

# Projects whose database holds SEVERAL programs on purpose (a library with its tools, a
# library with its test programs): the shapes users give galias, which finds the programs
# itself (docs/FRONTEND.md, "Several programs in one database"). Their filter keeps a file
# compiled again with other flags (a shared and a static build of the library, a test
# program built against each: a variant, code of another program) and verify accepts it;
# a file compiled again with the same flags is still dropped as a duplicate.
# shellcheck disable=SC2034
declare -A CORPUS_PROGRAMS=(
    [libxml2]="the library, xmllint, xmlcatalog"
    [libuv1]="the shared and the static library, a test runner against each, the benchmarks"
)

project_known() {
    local p
    for p in "${CORPUS_PROJECTS[@]}"; do [ "$p" = "$1" ] && return 0; done
    return 1
}
# The Debian source package of a project (the same name for all projects so far).
project_package() { echo "$1"; }
project_id() { echo "${1//[^a-zA-Z0-9]/_}"; }

# --- lua5.4: the interpreter `lua` (core + standard libraries + lua.c) --------------------
# Debian's patched src/Makefile compiles every file twice through libtool (as C and as C++
# for liblua5.4-c++); we compile each C file once, with upstream's `make linux` flags
# (minus readline), and leave out luac.c (a second program with its own main).
# configure: the header Debian's luaconf.h patch includes, written as debian/rules does.
configure_lua5_4() {
    local arch
    arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
    printf '#ifndef _LUA_DEB_MULTIARCH_\n#define _LUA_DEB_MULTIARCH_\n#define DEB_HOST_MULTIARCH "%s"\n#endif\n' \
        "$arch" >src/lua5.4-deb-multiarch.h
}
build_lua5_4() {
    cd src || return 1
    local f
    for f in *.c; do
        [ "$f" = luac.c ] && continue
        $CC -std=gnu99 $CFLAGS -Wall -DLUA_COMPAT_5_3 -DLUA_USE_LINUX -c "$f" -o "${f%.c}.o"
    done
}

# --- zlib: the static library libz.a -------------------------------------------------------
configure_zlib() { CC="$CC" CFLAGS="$CFLAGS" ./configure --static; }
build_zlib() { make -j"$JOBS" libz.a; }

# --- bzip2: libbz2 and the bzip2 program (bzip2recover is a separate program) --------------
configure_bzip2() { :; }
build_bzip2() {
    make -j"$JOBS" CC="$CC" CFLAGS="$CFLAGS -Wall -D_FILE_OFFSET_BITS=64" libbz2.a bzip2.o
}

# --- sqlite3: the library and the sqlite3 shell, one file per module as Debian builds it --
# (--disable-amalgamation; the amalgamation would be a single 240k-line TU). Static only,
# so that libtool compiles each file once. The Debian compile-time options are copied
# from debian/rules. tool/*.c are build-time generators (lemon, mkkeywordhash, ...),
# each with a main: dropped.
configure_sqlite3() {
    local opts="-DSQLITE_SECURE_DELETE -DSQLITE_ENABLE_COLUMN_METADATA
        -DSQLITE_ENABLE_FTS3 -DSQLITE_ENABLE_FTS3_PARENTHESIS -DSQLITE_ENABLE_RTREE=1
        -DSQLITE_SOUNDEX=1 -DSQLITE_ENABLE_UNLOCK_NOTIFY -DSQLITE_OMIT_LOOKASIDE=1
        -DSQLITE_ENABLE_DBSTAT_VTAB -DSQLITE_ALLOW_ROWID_IN_VIEW
        -DSQLITE_ENABLE_UPDATE_DELETE_LIMIT=1 -DSQLITE_ENABLE_LOAD_EXTENSION
        -DSQLITE_ENABLE_JSON1 -DSQLITE_LIKE_DOESNT_MATCH_BLOBS -DSQLITE_THREADSAFE=1
        -DSQLITE_ENABLE_FTS3_TOKENIZER=1 -DSQLITE_USE_URI=1 -DSQLITE_MAX_SCHEMA_RETRY=25
        -DSQLITE_ENABLE_PREUPDATE_HOOK -DSQLITE_ENABLE_SESSION -DSQLITE_ENABLE_STMTVTAB
        -DSQLITE_MAX_VARIABLE_NUMBER=250000"
    ./configure --disable-amalgamation --disable-shared --enable-static --disable-tcl \
        --enable-threadsafe --enable-load-extension --enable-fts4 --enable-fts5 \
        CC="$CC" CFLAGS="$CFLAGS $(echo $opts)"
}
build_sqlite3() { make -j"$JOBS" libsqlite3.la sqlite3; }

# --- redis: redis-server with its bundled libraries ----------------------------------------
# MALLOC=libc: no jemalloc (a separate allocator project); BUILD_TLS=no: no OpenSSL
# module. The server links deps/hiredis, deps/lua (liblua.a) and deps/hdr_histogram; the
# deps Makefile also builds the lua/luac programs and linenoise (for redis-cli): dropped.
configure_redis() { :; }
build_redis() {
    make -C src -j"$JOBS" redis-server MALLOC=libc BUILD_TLS=no USE_SYSTEMD=no \
        CC="$CC" OPTIMIZATION="$CFLAGS" V=1
}

# --- nginx: the nginx binary with the static modules of Debian's nginx-core --------------
# (Debian's dynamic modules - geoip, image filter, perl, xslt - need more libraries and
# are separate shared objects: left out).
configure_nginx() {
    ./configure --with-cc="$CC" --with-cc-opt="$CFLAGS" --with-debug --with-compat \
        --with-pcre-jit --with-threads --with-file-aio \
        --with-http_ssl_module --with-http_v2_module --with-http_realip_module \
        --with-http_addition_module --with-http_sub_module --with-http_dav_module \
        --with-http_flv_module --with-http_mp4_module --with-http_gunzip_module \
        --with-http_gzip_static_module --with-http_auth_request_module \
        --with-http_random_index_module --with-http_secure_link_module \
        --with-http_slice_module --with-http_stub_status_module \
        --with-mail --with-mail_ssl_module \
        --with-stream --with-stream_ssl_module --with-stream_realip_module \
        --with-stream_ssl_preread_module
}
build_nginx() { make -j"$JOBS"; }

# --- apache2: httpd with "most" modules linked in statically and the event MPM ------------
# Debian builds every module as a shared object; linking them statically makes httpd one
# whole program. APR and APR-util are the system libraries (not analysed). The build also
# compiles the support programs (ab, htpasswd, ...) and the generator gen_test_char: dropped.
# Debian's reproducible-builds patch makes server/buildmark.c use BUILD_DATETIME, which
# debian/rules defines from the changelog date; we do the same.
configure_apache2() {
    local built
    built=$(date -u --date="$(dpkg-parsechangelog -S Date)" +%FT%T)
    ./configure --with-apr=/usr/bin/apr-1-config --with-apr-util=/usr/bin/apu-1-config \
        --with-pcre=/usr/bin/pcre2-config --enable-mods-static=most --with-mpm=event \
        --enable-mpms-shared=no CC="$CC" CFLAGS="$CFLAGS" \
        CPPFLAGS="-DBUILD_DATETIME='\"$built\"'"
}
build_apache2() { make -j"$JOBS"; }

# --- postgresql-15: the server binary `postgres` ----------------------------------------
# Only src/backend is built (with src/port, src/common, src/timezone that it links).
# src/port and src/common compile every file three times (frontend, shlib, server
# variants, *_srv.o); the server links only the *_srv.o ones, the rest are dropped.
# src/timezone also builds zic, the time zone compiler (a program of its own): dropped.
configure_postgresql_15() {
    ./configure --without-readline --without-icu --with-openssl \
        CC="$CC" CFLAGS="$CFLAGS"
}
# The generated headers first: `make -C src/backend -j2` alone races between creating
# src/include/storage/lwlocknames.h and compiling files that include it. Then src/port and
# src/common: in parallel, the link of `postgres` can look for libpgcommon_srv.a (which
# src/backend has no rule for) before the submake that builds it is done.
build_postgresql_15() {
    make -C src/backend generated-headers
    make -C src/backend -j"$JOBS" submake-libpgport
    make -C src/backend -j"$JOBS"
}

# --- Extra projects, cheap to build, filling gaps in size and style ------------------------

# --- libzstd: the zstd command-line program (it compiles the library sources itself) ------
# Without zlib/lzma/lz4 support (pure zstd). The x86-64 Huffman decoder is assembly
# (huf_decompress_amd64.S): not C, dropped by the filter.
configure_libzstd() { :; }
build_libzstd() {
    make -C programs -j"$JOBS" zstd CC="$CC" CFLAGS="$CFLAGS" \
        HAVE_ZLIB=0 HAVE_LZMA=0 HAVE_LZ4=0 HAVE_THREAD=1
}

# --- jq: the jq program, without Oniguruma (regex builtins off) --------------------------
# The Debian source has no configure script: autoreconf first. The parser and lexer are
# pregenerated (src/parser.c, src/lexer.c).
configure_jq() {
    autoreconf -fi
    ./configure --disable-maintainer-mode --disable-docs --without-oniguruma \
        --disable-shared CC="$CC" CFLAGS="$CFLAGS"
}
# The generated sources first: the Makefile makes src/builtin.o, not the src/builtin.lo
# libtool compiles, depend on src/builtin.inc, so -j2 races.
build_jq() {
    make src/builtin.inc src/version.h
    make -j"$JOBS" jq
}

# --- git: the git program (all builtins, libgit.a, xdiff, reftable) -----------------------
# No configure needed (config.mak.uname); no curl, expat, gettext, Tcl/Tk, Perl, Python:
# those serve other programs (git-remote-http, gitk, ...), not `git` itself.
configure_git() { :; }
build_git() {
    make -j"$JOBS" git CC="$CC" CFLAGS="$CFLAGS" V=1 NO_CURL=1 NO_EXPAT=1 NO_GETTEXT=1 \
        NO_TCLTK=1 NO_PERL=1 NO_PYTHON=1
}

# --- Shapes the first eleven lack: a library with its tools, an event loop with its test
# --- programs, a JSON parser, a network library, a compression library, an interpreter ----

# --- libxml2: the library with its two command-line tools xmllint and xmlcatalog ----------
# SEVERAL PROGRAMS on purpose (CORPUS_PROGRAMS above): the library units, and xmllint.c and
# xmlcatalog.c, each a main that links the library. This is the shape of a user's database
# for a library and its tools. Static only (libtool compiles each file once), with zlib
# and liblzma as Debian builds it, without ICU, readline and Python (Debian's python
# flavours build the same C sources again). Debian's patches touch Makefile.am: autoreconf.
configure_libxml2() {
    autoreconf -fi
    ./configure --disable-shared --enable-static --without-python --without-history \
        --without-readline --without-icu --with-zlib --with-lzma CC="$CC" CFLAGS="$CFLAGS"
}
build_libxml2() { make -j"$JOBS" libxml2.la xmllint xmlcatalog; }

# --- jansson: the JSON library libjansson (no main) ---------------------------------------
# Autotools as Debian builds it (the source has configure.ac, no configure: autoreconf).
# Static only, so that libtool compiles each file once; no tests, no docs.
configure_jansson() {
    autoreconf -fi
    ./configure --disable-shared --enable-static CC="$CC" CFLAGS="$CFLAGS"
}
build_jansson() { make -C src -j"$JOBS" libjansson.la; }

# --- curl: libcurl and the curl tool (one program: the tool links all of libcurl) ---------
# Debian's OpenSSL flavour (debian/rules builds three: OpenSSL, GnuTLS, NSS, and reverts
# the NSS and GnuTLS patches, which rename the library, for the OpenSSL one; so do we).
# With zlib and nghttp2 (HTTP/2), the threaded resolver; without the optional libraries
# Debian also links (libssh2, libpsl, libidn2, brotli, zstd, GSS-API, LDAP, RTMP).
# Static only. The tool compiles seven lib/*.c files again (CURLX_CFILES: dynbuf.c,
# warnless.c, ...) with its own flags; the filter keeps the library's copy of each.
configure_curl() {
    patch -R -p1 <debian/patches/99_nss.patch
    patch -R -p1 <debian/patches/90_gnutls.patch
    autoreconf -fi
    ./configure --disable-shared --enable-static --disable-dependency-tracking \
        --disable-symbol-hiding --enable-threaded-resolver --disable-manual \
        --with-openssl --with-zlib --with-nghttp2 --without-libssh2 --without-libssh \
        --without-libpsl --without-libidn2 --without-brotli --without-zstd \
        --without-gssapi --without-librtmp --disable-ldap --disable-ldaps \
        CC="$CC" CFLAGS="$CFLAGS"
}
build_curl() {
    make -C lib -j"$JOBS" libcurl.la
    make -C src -j"$JOBS" curl
}

# --- libuv1: the event-loop library with its test programs, as Debian builds them --------
# SEVERAL PROGRAMS on purpose (CORPUS_PROGRAMS above): CMake with the tests on (Debian
# runs them) builds the library twice, shared (uv: -fPIC, -DBUILDING_UV_SHARED=1) and
# static (uv_a), the test runner twice, uv_run_tests against the shared library
# (-DUSING_UV_SHARED=1) and uv_run_tests_a against the static one, and the benchmark
# runner uv_run_benchmarks_a (1.44 builds it with the tests; LIBUV_BUILD_BENCH is not
# read). So most files are compiled twice with different flags, for different programs,
# and the database keeps both; the four runner files the benchmarks share with
# uv_run_tests_a (same flags) are kept once.
configure_libuv1() {
    cmake -S . -B build -DCMAKE_C_COMPILER="$CC" -DCMAKE_C_FLAGS="$CFLAGS" \
        -DCMAKE_BUILD_TYPE=None -DBUILD_TESTING=ON -DLIBUV_BUILD_TESTS=ON
}
build_libuv1() { cmake --build build -j "$JOBS" -- VERBOSE=1; }

# --- xz-utils: liblzma and the xz program (one program: xz links liblzma) -----------------
# As Debian's static build of liblzma (--disable-shared) plus the xz tool; without xzdec,
# lzmadec, lzmainfo (other programs), scripts, translations. Threads on, as Debian.
configure_xz_utils() {
    ./configure --disable-shared --enable-static --enable-threads --disable-nls \
        --disable-xzdec --disable-lzmadec --disable-lzmainfo --disable-lzma-links \
        --disable-scripts --disable-doc CC="$CC" CFLAGS="$CFLAGS"
}
build_xz_utils() {
    make -C src/liblzma -j"$JOBS" liblzma.la
    make -C src/xz -j"$JOBS" xz
}

# --- gawk: the gawk interpreter (with its support library: regex, dfa, pma) --------------
# Without readline (the debugger's line editing), MPFR (-M arbitrary precision) and NLS;
# the dynamic extensions (extension/, shared objects loaded at run time) are not built.
configure_gawk() {
    ./configure --disable-rpath --without-readline --without-mpfr --disable-nls \
        --disable-extensions CC="$CC" CFLAGS="$CFLAGS"
}
build_gawk() {
    make -C support -j"$JOBS" libsupport.a
    make -j"$JOBS" gawk
}
