/* A C program with a known split of CPU time: alpha 60 %, beta 30 %, gamma_ 10 %, run as LLVM
 * bitcode by GraalVM's LLVM runtime (Sulong). Build it with:
 *   clang -O1 -g -c -emit-llvm --target=x86_64-unknown-linux-gnu known-split.c -o known-split.bc
 * Run: bin/ccsampler run --lang llvm --ccsampler known-split.bc [rounds] */
#include <stdio.h>
#include <stdlib.h>

static unsigned spin(unsigned x, unsigned n) {
    for (unsigned i = 0; i < n; i++) { x ^= x << 13; x ^= x >> 17; x ^= x << 5; }
    return x;
}
__attribute__((noinline)) unsigned alpha(unsigned n) { return spin(n | 1, 6 * n); }
__attribute__((noinline)) unsigned beta(unsigned n) { return spin(n | 1, 3 * n); }
__attribute__((noinline)) unsigned gamma_(unsigned n) { return spin(n | 1, n); }

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 200;
    unsigned sink = 0;
    for (int r = 0; r < rounds; r++) {
        sink ^= alpha(100000);
        sink ^= beta(100000);
        sink ^= gamma_(100000);
    }
    printf("done %d rounds, checksum %u\n", rounds, sink);
    fflush(stdout); /* the launcher's exit does not flush the C library's buffers */
    return 0;
}
